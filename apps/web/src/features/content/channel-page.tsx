import type { Post, PostList } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText, Heart, Package, UserX, Video } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { BackButton } from '@/components/back-button';
import { PostCard } from '@/components/cards/post-card';
import { ProductCard } from '@/components/cards/product-card';
import { Notice } from '@/components/notice';
import { paths } from '@/config/paths';
import { isNotFound } from '@/lib/api-client';
import { abbreviateCount } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
import { useSession } from '@/lib/session';
import { useTenant } from '@/lib/tenant';
import {
  type ChannelInfo,
  channelPostsQuery,
  channelProductsQuery,
  channelQuery,
  fallbackChannel,
  setLike,
} from './content.api';
import { contentMessages as m } from './messages';
import './content.css';

/** Spec: channel post excerpts are 120 characters with an ellipsis. */
export const CHANNEL_EXCERPT_LENGTH = 120;

/** A post whose media includes a video counts as a video; the others are posts. */
export function isVideoPost(post: Pick<Post, 'has_video' | 'media'>): boolean {
  return post.has_video || post.media.some((x) => x.media_type === 'video');
}

function EmptyTab({ icon, text }: { icon: React.ReactNode; text: string }) {
  return (
    <div className="channel-empty">
      <span aria-hidden="true">{icon}</span>
      <p>{text}</p>
    </div>
  );
}

/**
 * Like on a channel video (spec part 2): toggles is_liked and likes_count at once in the channel's
 * cached list, takes the server's answer, and rolls back on failure (only logged, as the spec says).
 * Signed-out visitors go to /login.
 */
function VideoLike({ post, userId }: { post: Post; userId: number }) {
  const { isMember } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const key = channelPostsQuery(userId).queryKey;
  const patch = (liked: boolean, count: number) =>
    queryClient.setQueryData<PostList>(key, (old) =>
      old
        ? {
            ...old,
            posts: old.posts.map((p) => (p.id === post.id ? { ...p, is_liked: liked, likes_count: count } : p)),
          }
        : old,
    );
  const toggle = async () => {
    if (!isMember) {
      navigate(paths.login.getHref());
      return;
    }
    if (busy) return;
    const before = { liked: post.is_liked, count: post.likes_count };
    const next = !before.liked;
    patch(next, Math.max(0, before.count + (next ? 1 : -1)));
    setBusy(true);
    try {
      const state = await setLike(post.id, next);
      patch(state.is_liked, state.likes_count);
    } catch (err) {
      patch(before.liked, before.count);
      console.error('[channel] like failed', err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={post.is_liked ? 'short-action channel-video-like liked' : 'short-action channel-video-like'}
      aria-pressed={post.is_liked}
      onClick={toggle}
    >
      <Heart size={24} aria-hidden="true" fill={post.is_liked ? 'currentColor' : 'none'} />
      <span className="visually-hidden">{m.like}</span>
      <span className="tabular short-count">{abbreviateCount(post.likes_count)}</span>
    </button>
  );
}

function VideoList({ posts, userId }: { posts: Post[]; userId: number }) {
  const list = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  if (posts.length === 0) return <EmptyTab icon={<Video size={28} />} text={m.emptyVideos} />;
  return (
    <div className="channel-videos">
      <div
        ref={list}
        className="channel-video-list"
        onScroll={(e) => {
          const el = e.currentTarget;
          setCurrent(Math.round(el.scrollTop / Math.max(1, el.clientHeight)));
        }}
      >
        {posts.map((post) => {
          const video = post.media.find((x) => x.media_type === 'video');
          const src = mediaUrl(video?.file_path);
          return (
            <div key={post.id} className="channel-video">
              {src ? (
                <video
                  src={src}
                  poster={mediaUrl(video?.thumbnail_url ?? post.thumbnail_url) ?? undefined}
                  controls
                  muted
                  playsInline
                  preload="metadata"
                />
              ) : null}
              <Link to={paths.contentDetail.getHref(post.id)} className="channel-video-title">
                {post.title}
              </Link>
              <VideoLike post={post} userId={userId} />
            </div>
          );
        })}
      </div>
      {posts.length > 1 ? (
        <div className="channel-dots">
          {posts.map((post, i) => (
            <button
              key={post.id}
              type="button"
              className={i === current ? 'channel-dot active' : 'channel-dot'}
              aria-label={m.videoIndicator(i + 1, posts.length)}
              aria-current={i === current || undefined}
              onClick={() => {
                const el = list.current;
                el?.scrollTo({ top: i * el.clientHeight, behavior: 'smooth' });
              }}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

function ChannelView({ channel }: { channel: ChannelInfo }) {
  const { isEnabled, displayName } = useTenant();
  const productsOn = isEnabled('shopping') || isEnabled('delivery');
  const posts = useQuery(channelPostsQuery(channel.userId));
  const products = useQuery(channelProductsQuery(channel.merchantId, productsOn));
  const all = posts.data?.posts ?? [];
  const videos = all.filter(isVideoPost);
  const plain = all.filter((p) => !isVideoPost(p));
  const productList = products.data?.products ?? [];
  const avatar = mediaUrl(channel.profileImage);
  // The header shows the server's totals (spec: channel counts), not the items of the loaded page.
  // Without them (the user look-up failed) the posts list's total still counts every post.
  const postTotal = channel.counts?.posts ?? posts.data?.total ?? all.length;
  const videoTotal = channel.counts?.videos ?? videos.length;
  const counts = {
    products: products.data?.total ?? productList.length,
    videos: videoTotal,
    posts: Math.max(0, postTotal - videoTotal),
  };

  useEffect(() => {
    document.title = `${channel.name} | ${displayName}`;
    return () => {
      document.title = displayName;
    };
  }, [channel.name, displayName]);

  const loading = (
    <div className="skeleton" style={{ height: 200 }} role="status">
      <span className="visually-hidden">{m.channelLoading}</span>
    </div>
  );

  return (
    <div className="container page channel-page">
      <header className="channel-head">
        <span className="avatar channel-avatar" aria-hidden="true">
          {avatar ? <img src={avatar} alt="" /> : channel.name.slice(0, 1)}
        </span>
        <div className="channel-info">
          <h1 className="channel-name">{channel.name}</h1>
          <dl className="channel-counts tabular">
            {productsOn ? (
              <div>
                <dt>{m.countProducts}</dt>
                <dd>{abbreviateCount(counts.products)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{m.countVideos}</dt>
              <dd>{abbreviateCount(counts.videos)}</dd>
            </div>
            <div>
              <dt>{m.countPosts}</dt>
              <dd>{abbreviateCount(counts.posts)}</dd>
            </div>
          </dl>
          {channel.description ? <p className="channel-description">{channel.description}</p> : null}
        </div>
      </header>
      {posts.isError ? (
        <p role="alert" className="field-error">
          {m.channelLoadFailed}
        </p>
      ) : null}
      <Tabs.Root defaultValue="videos" className="channel-tabs">
        <Tabs.List className="channel-tab-list" aria-label={m.channelTabs}>
          <Tabs.Trigger value="videos" className="channel-tab">
            {m.tabVideos}
          </Tabs.Trigger>
          {productsOn ? (
            <Tabs.Trigger value="products" className="channel-tab">
              {m.tabProducts}
            </Tabs.Trigger>
          ) : null}
          <Tabs.Trigger value="posts" className="channel-tab">
            {m.tabPosts}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="videos" className="channel-panel">
          {posts.isPending ? loading : <VideoList posts={videos} userId={channel.userId} />}
        </Tabs.Content>
        {productsOn ? (
          <Tabs.Content value="products" className="channel-panel">
            {products.isPending && channel.merchantId !== null ? (
              loading
            ) : productList.length === 0 ? (
              <EmptyTab icon={<Package size={28} />} text={m.emptyProducts} />
            ) : (
              <div className="feed-product-grid">
                {productList.map((p) => (
                  <ProductCard key={p.id} product={p} />
                ))}
              </div>
            )}
          </Tabs.Content>
        ) : null}
        <Tabs.Content value="posts" className="channel-panel">
          {posts.isPending ? (
            loading
          ) : plain.length === 0 ? (
            <EmptyTab icon={<FileText size={28} />} text={m.emptyPosts} />
          ) : (
            <div className="feed-grid">
              {plain.map((p) => (
                <PostCard key={p.id} post={p} excerptLength={CHANNEL_EXCERPT_LENGTH} ellipsis="…" />
              ))}
            </div>
          )}
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

/** `/merchant/{id}` (`use_mid` present: the id is a merchant id, otherwise a user id). */
export default function ChannelPage() {
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const channelId = Number(id);
  const valid = Number.isInteger(channelId) && channelId > 0;
  const byMerchant = searchParams.has('use_mid');
  const channel = useQuery({ ...channelQuery(channelId, byMerchant), enabled: valid });

  if (!valid || (channel.isError && isNotFound(channel.error))) {
    return (
      <div className="container page">
        <Notice icon={<UserX size={30} />} title={m.channelNotFound} role="alert" actions={<BackButton />}>
          <p>{m.channelNotFoundText}</p>
        </Notice>
      </div>
    );
  }
  // A user look-up that failed for another reason than a missing user: the channel still opens
  // under the placeholder name 'user {id}' (spec part 2, users calls) and lists the user's posts.
  if (channel.isError && !byMerchant) {
    return <ChannelView channel={fallbackChannel(channelId, m.userPlaceholder(channelId))} />;
  }
  if (channel.isError) {
    return (
      <div className="container page">
        <Notice icon={<UserX size={30} />} title={m.channelLoadFailed} role="alert" actions={<BackButton />} />
      </div>
    );
  }
  if (channel.isPending) {
    return (
      <div className="container page" role="status" aria-live="polite">
        <span className="visually-hidden">{m.channelLoading}</span>
        <div className="skeleton" style={{ height: 96, marginBottom: 16 }} />
        <div className="skeleton" style={{ height: 240 }} />
      </div>
    );
  }
  return <ChannelView channel={channel.data} />;
}

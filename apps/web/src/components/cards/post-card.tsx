import { Heart, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { authorName } from '@/lib/author-name';
import { formatPostDate } from '@/lib/dates';
import { abbreviateCount } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
import { excerpt } from '@/lib/text';
import { cardMessages as m } from '@/messages/common';
import './cards.css';

/** What a post card shows (spec part 2, post entity). */
export interface PostCardData {
  id: number;
  title: string;
  content?: string | null;
  created_at: string;
  /** `business_name` is a merchant's shop name, shown instead of the username. */
  author?: { id: number; username?: string | null; business_name?: string | null } | null;
  media?: { file_path?: string | null; thumbnail_url?: string | null; media_type?: string | null }[] | null;
  likes_count?: number | null;
  comments_count?: number | null;
}

/** Home feed excerpt length (spec 9). */
export const POST_EXCERPT_LENGTH = 100;

function firstImage(post: PostCardData): string | undefined {
  const media = post.media ?? [];
  const image = media.find((x) => x.media_type !== 'video' && x.file_path);
  if (image) return mediaUrl(image.file_path);
  const thumb = media.find((x) => x.thumbnail_url);
  return mediaUrl(thumb?.thumbnail_url);
}

/** Author (the shop's name for a merchant, to the author's channel), date label, title, excerpt, first image, likes and comments. */
export function PostCard({
  post,
  excerptLength = POST_EXCERPT_LENGTH,
  ellipsis = '...',
  eager = false,
}: {
  post: PostCardData;
  /** First cards of a screen: the picture loads at once instead of when scrolled near. */
  eager?: boolean;
  /** 100 with '...' in the feeds, 120 with an ellipsis on the channel page (spec). */
  excerptLength?: number;
  ellipsis?: string;
}) {
  const image = firstImage(post);
  return (
    <article className="card post-card">
      {image ? (
        <div className="post-image">
          <img src={image} alt="" loading={eager ? 'eager' : 'lazy'} />
        </div>
      ) : null}
      <div className="post-body">
        <p className="post-meta">
          {post.author ? (
            <Link to={paths.merchantChannel.getHref(post.author.id)} className="post-author">
              {authorName(post.author)}
            </Link>
          ) : null}
          <time dateTime={post.created_at}>{formatPostDate(post.created_at)}</time>
        </p>
        <h3 className="post-title">
          <Link to={paths.contentDetail.getHref(post.id)} className="card-link">
            {post.title}
          </Link>
        </h3>
        <p className="post-excerpt">{excerpt(post.content, excerptLength, ellipsis)}</p>
        <p className="post-counts tabular">
          <span>
            <Heart size={16} aria-hidden="true" />
            <span className="visually-hidden">{m.likes}</span> {abbreviateCount(post.likes_count)}
          </span>
          <span>
            <MessageCircle size={16} aria-hidden="true" />
            <span className="visually-hidden">{m.comments}</span> {abbreviateCount(post.comments_count)}
          </span>
        </p>
      </div>
    </article>
  );
}

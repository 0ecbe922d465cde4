import {
  POST_CONTENT_MAX,
  POST_FILE_BYTES_MAX,
  POST_FILES_MAX,
  POST_TITLE_MAX,
  type Post,
  type PostMedia,
  postFieldsSchema,
  postMessages,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileX, ImagePlus, Lock, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { BackButton } from '@/components/back-button';
import { useSingleFlight } from '@/components/form/single-flight';
import { SubmitButton } from '@/components/form/submit-button';
import { TextAreaField, TextField } from '@/components/form/text-field';
import { Notice } from '@/components/notice';
import { paths } from '@/config/paths';
import { isNotFound } from '@/lib/api-client';
import { outcomeUnknown, submissionKeys } from '@/lib/idempotency';
import { mediaUrl } from '@/lib/media';
import { useSession } from '@/lib/session';
import { uploadWithProgress } from '@/lib/upload';
import { contentKeys, postDetailQuery } from './content.api';
import { formMessages as f, contentMessages as m } from './messages';
import '@/components/form/form.css';
import './content.css';

/** Spec: the frame picker starts at 10% of the duration and moves in 0.1 s steps. */
export const THUMBNAIL_DEFAULT_FRACTION = 0.1;
export const THUMBNAIL_STEP_SECONDS = 0.1;

interface NewFile {
  key: string;
  file: File;
  url: string;
  isVideo: boolean;
  thumbnailData?: string;
}

/** The spec's file checks: images and videos only, 50 MB each, 10 in all (counting `current`). */
export function checkPostFiles(files: readonly File[], current: number): { accepted: File[]; errors: string[] } {
  const accepted: File[] = [];
  const errors = new Set<string>();
  for (const file of files) {
    if (!/^(image|video)\//.test(file.type)) errors.add(postMessages.unsupportedFile(file.name));
    else if (file.size > POST_FILE_BYTES_MAX) errors.add(postMessages.fileTooLarge(file.name));
    else if (current + accepted.length >= POST_FILES_MAX) errors.add(postMessages.filesMax);
    else accepted.push(file);
  }
  return { accepted, errors: [...errors] };
}

/** The text fields as the form checks them: the server's own rules and texts. */
const postTextSchema = postFieldsSchema.pick({ title: true, content: true });

/** Draws the video's current frame on a canvas and returns it as a JPEG data URL. */
function captureFrame(video: HTMLVideoElement): string {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx || !canvas.width || !canvas.height) throw new Error('no frame');
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', 0.85);
}

/** The video thumbnail picker: a slider over the duration (default 10%) and a save button. */
function ThumbnailPicker({ src, onPick }: { src: string; onPick: (data: string) => void }) {
  const id = useId();
  const video = useRef<HTMLVideoElement>(null);
  const [duration, setDuration] = useState(0);
  const [time, setTime] = useState(0);
  const [error, setError] = useState('');
  return (
    <div className="thumb-picker">
      <video
        ref={video}
        src={src}
        muted
        playsInline
        preload="auto"
        crossOrigin="anonymous"
        onLoadedMetadata={(e) => {
          const d = e.currentTarget.duration;
          if (!Number.isFinite(d) || d <= 0) return;
          const start = Math.round(d * THUMBNAIL_DEFAULT_FRACTION * 10) / 10;
          setDuration(d);
          setTime(start);
          e.currentTarget.currentTime = start;
        }}
        onError={() => setError(postMessages.thumbnailFailed)}
      />
      <label htmlFor={id} className="field-hint">
        {f.thumbnailFrame} ({time.toFixed(1)}s)
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={duration || 0}
        step={THUMBNAIL_STEP_SECONDS}
        value={time}
        disabled={!duration}
        onChange={(e) => {
          const t = Number(e.target.value);
          setTime(t);
          if (video.current) video.current.currentTime = t;
        }}
      />
      <button
        type="button"
        className="btn btn-outline"
        disabled={!duration}
        onClick={() => {
          try {
            if (!video.current) throw new Error('no video');
            onPick(captureFrame(video.current));
            setError('');
          } catch {
            setError(postMessages.thumbnailFailed);
          }
        }}
      >
        {f.useFrame}
      </button>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function PostForm({ post }: { post?: Post }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = { files: useId(), ann: useId() };
  // Errors show on submit, then follow the typing (a filled field loses its error at once).
  const form = useForm({
    resolver: zodResolver(postTextSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { title: post?.title ?? '', content: post?.content ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const flight = useSingleFlight();
  // One key per new post: a retry of the same post after a lost answer is created once.
  const [keys] = useState(submissionKeys);
  const [announcement, setAnnouncement] = useState(post?.is_announcement ?? false);
  const [kept, setKept] = useState<PostMedia[]>(post?.media ?? []);
  const [removed, setRemoved] = useState<number[]>([]);
  const [existingThumbs, setExistingThumbs] = useState<Record<number, string>>({});
  const [files, setFiles] = useState<NewFile[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [submitError, setSubmitError] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [picking, setPicking] = useState<string | null>(null);
  const urls = useRef<string[]>([]);

  useEffect(
    () => () => {
      for (const u of urls.current) URL.revokeObjectURL(u);
    },
    [],
  );

  const addFiles = (list: FileList | null) => {
    if (!list) return;
    const { accepted, errors } = checkPostFiles([...list], kept.length + files.length);
    setFileErrors(errors);
    const added = accepted.map((file, i) => {
      const url = URL.createObjectURL(file);
      urls.current.push(url);
      return { key: `${Date.now()}-${i}-${file.name}`, file, url, isVideo: file.type.startsWith('video/') };
    });
    setFiles((prev) => [...prev, ...added]);
  };

  const submit = flight.guard(
    form.handleSubmit(async ({ title, content }) => {
      setSubmitError('');
      await save(title, content);
    }),
  );

  const save = async (title: string, content: string) => {
    const body = new FormData();
    const isAnnouncement = user?.user_type === 'merchant' && announcement;
    body.append('title', title);
    body.append('content', content);
    body.append('is_announcement', String(isAnnouncement));
    const custom = files
      .filter((x) => x.thumbnailData)
      .map((x) => ({ fileName: x.file.name, thumbnailData: x.thumbnailData }));
    if (custom.length) body.append('custom_thumbnails', JSON.stringify(custom));
    if (post) {
      const existing = Object.entries(existingThumbs).map(([mediaId, thumbnailData]) => ({
        mediaId: Number(mediaId),
        thumbnailData,
      }));
      if (existing.length) body.append('existing_media_thumbnails', JSON.stringify(existing));
      if (removed.length) body.append('remove_media_ids', JSON.stringify(removed));
    }
    for (const x of files) body.append('files', x.file, x.file.name);
    // An edit is a PUT (the same request twice changes nothing more); a new post carries a key.
    const headers: Record<string, string> = post
      ? {}
      : { 'Idempotency-Key': keys.keyFor({ title, content, isAnnouncement, files: files.map((x) => x.key) }) };
    setProgress(0);
    try {
      const saved = await uploadWithProgress<Post>(
        post ? `/api/content/posts/${post.id}` : '/api/content/posts',
        body,
        (fraction) => setProgress(Math.round(fraction * 100)),
        post ? 'PUT' : 'POST',
        headers,
      );
      keys.settle();
      await queryClient.invalidateQueries({ queryKey: contentKeys.all });
      navigate(paths.contentDetail.getHref(saved.id), { replace: !!post });
    } catch (err) {
      if (!outcomeUnknown(err)) keys.settle();
      setSubmitError(err instanceof Error ? err.message : postMessages.loadFailed);
      setProgress(null);
    }
  };

  const busy = progress !== null;
  return (
    <form className="container page post-form form-stack" onSubmit={submit} noValidate>
      <h1 className="post-detail-title">{post ? f.editTitle : f.createTitle}</h1>
      <TextField label={f.title} maxLength={POST_TITLE_MAX} error={errors.title?.message} {...form.register('title')} />
      <TextAreaField
        label={f.content}
        rows={8}
        maxLength={POST_CONTENT_MAX}
        error={errors.content?.message}
        {...form.register('content')}
      />
      {user?.user_type === 'merchant' ? (
        <label className="post-form-check" htmlFor={ids.ann}>
          <input
            id={ids.ann}
            type="checkbox"
            checked={announcement}
            onChange={(e) => setAnnouncement(e.target.checked)}
          />
          {f.announcement}
        </label>
      ) : null}
      <div className="field">
        <span className="field-label">{f.files}</span>
        <p className="field-hint">{f.filesHint}</p>
        <label htmlFor={ids.files} className="btn btn-outline post-form-pick">
          <ImagePlus size={18} aria-hidden="true" />
          {f.addFiles}
        </label>
        <input
          id={ids.files}
          type="file"
          className="visually-hidden"
          accept="image/*,video/*"
          multiple
          onChange={(e) => {
            addFiles(e.target.files);
            e.target.value = '';
          }}
        />
        {fileErrors.map((err) => (
          <p key={err} role="alert" className="field-error">
            {err}
          </p>
        ))}
        <ul className="post-form-files">
          {kept.map((item) => {
            const thumb = existingThumbs[item.id] ?? mediaUrl(item.thumbnail_url ?? item.file_path);
            const key = `m-${item.id}`;
            return (
              <li key={key} className="post-form-file">
                {item.media_type === 'video' && !existingThumbs[item.id] ? (
                  <span className="post-form-video">{f.video}</span>
                ) : (
                  <img className="post-form-thumb" src={thumb} alt="" />
                )}
                <span className="post-form-name">{item.file_name}</span>
                {item.media_type === 'video' ? (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => setPicking(picking === key ? null : key)}
                  >
                    {f.pickThumbnail}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="icon-remove"
                  aria-label={f.remove(item.file_name)}
                  onClick={() => {
                    setKept((prev) => prev.filter((x) => x.id !== item.id));
                    setRemoved((prev) => [...prev, item.id]);
                  }}
                >
                  <X size={16} aria-hidden="true" />
                </button>
                {picking === key ? (
                  <ThumbnailPicker
                    src={mediaUrl(item.file_path) ?? ''}
                    onPick={(data) => setExistingThumbs((prev) => ({ ...prev, [item.id]: data }))}
                  />
                ) : null}
              </li>
            );
          })}
          {files.map((item) => (
            <li key={item.key} className="post-form-file">
              {item.isVideo && !item.thumbnailData ? (
                <span className="post-form-video">{f.video}</span>
              ) : (
                <img className="post-form-thumb" src={item.thumbnailData ?? item.url} alt="" />
              )}
              <span className="post-form-name">{item.file.name}</span>
              {item.isVideo ? (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => setPicking(picking === item.key ? null : item.key)}
                >
                  {item.thumbnailData ? f.thumbnailSaved : f.pickThumbnail}
                </button>
              ) : null}
              <button
                type="button"
                className="icon-remove"
                aria-label={f.remove(item.file.name)}
                onClick={() => setFiles((prev) => prev.filter((x) => x.key !== item.key))}
              >
                <X size={16} aria-hidden="true" />
              </button>
              {picking === item.key ? (
                <ThumbnailPicker
                  src={item.url}
                  onPick={(data) =>
                    setFiles((prev) => prev.map((x) => (x.key === item.key ? { ...x, thumbnailData: data } : x)))
                  }
                />
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      {busy ? (
        <div className="post-form-progress">
          <progress max={100} value={progress ?? 0} aria-label={f.uploading(progress ?? 0)} />
          <span className="tabular">{f.uploading(progress ?? 0)}</span>
        </div>
      ) : null}
      {submitError ? (
        <p role="alert" className="field-error">
          {submitError}
        </p>
      ) : null}
      <div className="post-form-actions">
        <BackButton />
        <SubmitButton pending={busy || isSubmitting || flight.pending} pendingLabel={f.submitting}>
          {post ? f.submitEdit : f.submitCreate}
        </SubmitButton>
      </div>
    </form>
  );
}

/** `/content/upload` and `/content/{id}/edit`: one form; non-authors get the forbidden state. */
export default function PostFormPage() {
  const { id } = useParams();
  const { user } = useSession();
  const editing = id !== undefined;
  const postId = Number(id);
  const valid = !editing || (Number.isInteger(postId) && postId > 0);
  const detail = useQuery({ ...postDetailQuery(postId), enabled: editing && valid });

  if (!editing) return <PostForm />;
  if (!valid || (detail.isError && isNotFound(detail.error))) {
    return (
      <div className="container page">
        <Notice icon={<FileX size={30} />} title={m.notFound} role="alert" actions={<BackButton />} />
      </div>
    );
  }
  if (detail.isError) {
    return (
      <div className="container page">
        <Notice icon={<FileX size={30} />} title={m.loadFailed} role="alert" actions={<BackButton />} />
      </div>
    );
  }
  if (detail.isPending) {
    return (
      <div className="container page" role="status" aria-live="polite">
        <span className="visually-hidden">{f.loading}</span>
        <div className="skeleton" style={{ height: 320 }} />
      </div>
    );
  }
  if (!user || user.id !== detail.data.author_id) {
    return (
      <div className="container page">
        <Notice icon={<Lock size={30} />} title={postMessages.editForbidden} role="alert" actions={<BackButton />} />
      </div>
    );
  }
  return <PostForm post={detail.data} />;
}

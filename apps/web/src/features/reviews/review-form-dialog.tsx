import {
  REVIEW_IMAGES_MAX,
  REVIEW_RATING_MAX,
  type Review,
  type ReviewInput,
  type ReviewInputParsed,
  reviewInputSchema,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus, Star, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { type Control, useController, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/components/app-toaster';
import { FormMessage, TextField } from '@/components/form/text-field';
import { Sheet } from '@/components/sheet';
import { ApiError, apiErrorDetail } from '@/lib/api-client';
import { mediaUrl } from '@/lib/media';
import { reviewText as m } from './messages';
import { checkReviewPhotos, type FormPhoto, newPhotoKey } from './review-photos';
import { deleteReviewImage, saveReview, uploadReviewImage } from './reviews.api';
import '@/components/form/form.css';
import './reviews.css';
import { useSingleFlight } from '@/components/form/single-flight';
import { SubmitButton } from '@/components/form/submit-button';

type FormControl = Control<ReviewInput, unknown, ReviewInputParsed>;
const stars = Array.from({ length: REVIEW_RATING_MAX }, (_, i) => i + 1);

/** 1 to 5 stars as a radio group: arrow keys move and choose, as with any radio group. */
function RatingInput({ control }: { control: FormControl }) {
  const id = useId();
  const { field, fieldState } = useController({ control, name: 'rating' });
  const [hover, setHover] = useState<number | null>(null);
  const value = typeof field.value === 'number' ? field.value : 0;
  const shown = hover ?? value;
  const error = fieldState.error?.message;
  return (
    <fieldset className="field review-rating-field" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field-label">{m.ratingLabel}</legend>
      <p className="review-rating-prompt">{m.ratingPrompt}</p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the hover preview only decorates; the radios are the way in */}
      <div className="rating-input" onMouseLeave={() => setHover(null)}>
        {stars.map((n) => (
          <label key={n} className={`rating-star${n <= shown ? ' is-on' : ''}`} onMouseEnter={() => setHover(n)}>
            <input
              ref={n === 1 ? field.ref : undefined}
              type="radio"
              className="visually-hidden"
              name={`${id}-rating`}
              value={n}
              checked={value === n}
              aria-invalid={error ? true : undefined}
              onChange={() => field.onChange(n)}
              onBlur={field.onBlur}
            />
            <Star size={36} strokeWidth={1.5} aria-hidden="true" className="rating-star-icon" />
            <span className="visually-hidden">{m.ratingOption(n)}</span>
          </label>
        ))}
        <span className="rating-word" aria-hidden="true">
          {shown > 0 ? m.ratingWords[shown] : ''}
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The review text with a live count of what will be saved (trimmed), "n / 1,000". */
function ContentField({ control }: { control: FormControl }) {
  const id = useId();
  const { field, fieldState } = useController({ control, name: 'content' });
  const length = (field.value ?? '').trim().length;
  const error = fieldState.error?.message;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {m.contentLabel}
      </label>
      <textarea
        {...field}
        value={field.value ?? ''}
        id={id}
        className="input textarea review-textarea"
        rows={6}
        placeholder={m.contentPlaceholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-counter`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
      />
      <div className="review-field-foot">
        {error ? (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        ) : (
          <span />
        )}
        <p
          id={`${id}-counter`}
          className={`review-counter tabular${error ? ' is-invalid' : ''}`}
          data-testid="review-counter"
        >
          <span aria-hidden="true">{m.counter(length)}</span>
          <span className="visually-hidden">{m.counterSr(length)}</span>
        </p>
      </div>
    </div>
  );
}

/** Up to five photos: previews of the saved ones and the new ones, each removable. */
function PhotoPicker({
  photos,
  onAdd,
  onRemove,
  errors,
  progress,
  disabled,
}: {
  photos: FormPhoto[];
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  errors: string[];
  progress: Record<string, number>;
  disabled: boolean;
}) {
  const inputId = useId();
  return (
    <fieldset className="field review-photo-field" aria-describedby={`${inputId}-hint`}>
      <legend className="field-label">
        {m.photosLabel} <span className="review-photo-count tabular">{m.photoCount(photos.length)}</span>
      </legend>
      <p id={`${inputId}-hint`} className="field-hint">
        {m.photosHint}
      </p>
      <ul className="review-photo-tiles">
        {photos.map((photo, i) => (
          <li
            key={photo.key}
            className="review-photo-tile"
            data-testid="review-photo-tile"
            data-photo={photo.kind === 'new' ? photo.file.name : `media-${photo.media.id}`}
          >
            <img src={photo.src} alt={m.photoPreview(i + 1)} />
            {progress[photo.key] !== undefined ? (
              <progress
                className="review-photo-progress"
                max={1}
                value={progress[photo.key]}
                aria-label={m.uploadProgress(photo.kind === 'new' ? photo.file.name : String(i + 1))}
              />
            ) : null}
            <button
              type="button"
              className="review-photo-remove"
              aria-label={m.removePhoto(i + 1)}
              disabled={disabled}
              onClick={() => onRemove(photo.key)}
            >
              <X size={16} aria-hidden="true" className="review-photo-remove-icon" />
            </button>
          </li>
        ))}
        {photos.length < REVIEW_IMAGES_MAX ? (
          <li>
            <label htmlFor={inputId} className={`review-photo-add${disabled ? ' is-disabled' : ''}`}>
              <ImagePlus size={24} aria-hidden="true" />
              <span>{m.addPhoto}</span>
            </label>
          </li>
        ) : null}
      </ul>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        multiple
        disabled={disabled}
        onChange={(e) => {
          onAdd([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      {errors.length ? (
        <div role="alert" className="form-message form-message-error">
          {errors.map((err) => (
            <p key={err}>{err}</p>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}

function reasonOf(err: unknown): string {
  return err instanceof ApiError && err.message ? err.message : m.saveFailed;
}

export interface ReviewFormDialogProps {
  productId: number;
  productTitle: string;
  /** The author's review to edit; null for a new one. */
  review: Review | null;
  onClose: () => void;
  /** After each successful write (the review, a photo): the lists and figures are stale. */
  onSaved: () => void;
}

/**
 * The review modal (spec part 2, sections 2 and 5): stars, title, text and up to five photos,
 * checked with the contract's schema. Saving writes the review, then deletes the removed photos
 * and uploads the new ones one by one. On any failure the form stays as typed; once the review
 * exists the modal goes on as its editor, so saving again only sends what is left.
 */
export default function ReviewFormDialog({ productId, productTitle, review, onClose, onSaved }: ReviewFormDialogProps) {
  const [saved, setSaved] = useState<Review | null>(review);
  const editing = saved !== null;
  const form = useForm<ReviewInput, unknown, ReviewInputParsed>({
    resolver: zodResolver(reviewInputSchema),
    mode: 'onTouched',
    defaultValues: { rating: review?.rating, title: review?.title ?? '', content: review?.content ?? '' },
  });
  const [photos, setPhotos] = useState<FormPhoto[]>(
    () =>
      review?.media.map((media) => ({
        key: newPhotoKey(),
        kind: 'existing' as const,
        media,
        src: mediaUrl(media.thumbnail_url) ?? '',
      })) ?? [],
  );
  const removed = useRef<number[]>([]);
  const previews = useRef<string[]>([]);
  const [photoErrors, setPhotoErrors] = useState<string[]>([]);
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const title = useWatch({ control: form.control, name: 'title' });

  useEffect(
    () => () => {
      for (const src of previews.current) URL.revokeObjectURL(src);
    },
    [],
  );

  const addPhotos = (files: File[]) => {
    const result = checkReviewPhotos(files, photos.length);
    setPhotoErrors(result.errors);
    if (result.accepted.length === 0) return;
    const added = result.accepted.map((file) => {
      const src = URL.createObjectURL(file);
      previews.current.push(src);
      return { key: newPhotoKey(), kind: 'new' as const, file, src };
    });
    setPhotos((list) => [...list, ...added]);
  };

  const removePhoto = (key: string) => {
    const photo = photos.find((p) => p.key === key);
    if (photo?.kind === 'existing') removed.current.push(photo.media.id);
    setPhotoErrors([]);
    setPhotos((list) => list.filter((p) => p.key !== key));
  };

  const flight = useSingleFlight();
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setBusy(true);
    setStatus(m.saving);
    try {
      let current: Review;
      try {
        current = await saveReview(productId, saved?.id ?? null, values);
      } catch (err) {
        setFailure(apiErrorDetail(err) ?? m.saveFailed);
        return;
      }
      setSaved(current);
      onSaved();

      while (removed.current.length > 0) {
        const mediaId = removed.current[0] as number;
        try {
          await deleteReviewImage(current.id, mediaId);
          removed.current.shift();
        } catch (err) {
          setFailure(m.imageDeleteFailed(reasonOf(err)));
          return;
        }
      }

      const pending = photos.filter((p): p is Extract<FormPhoto, { kind: 'new' }> => p.kind === 'new');
      for (const [done, photo] of pending.entries()) {
        setStatus(m.uploading(done, pending.length));
        setProgress((p) => ({ ...p, [photo.key]: 0 }));
        try {
          const media = await uploadReviewImage(current.id, photo.file, (f) =>
            setProgress((p) => ({ ...p, [photo.key]: f })),
          );
          // Uploaded photos become saved ones, so saving again does not send them twice.
          setPhotos((list) =>
            list.map((p) => (p.key === photo.key ? { key: p.key, kind: 'existing', media, src: p.src } : p)),
          );
        } catch (err) {
          setFailure(m.imageUploadFailed(photo.file.name, reasonOf(err)));
          return;
        } finally {
          setProgress(({ [photo.key]: _, ...rest }) => rest);
        }
      }
      if (pending.length > 0) onSaved();
      toast.success(editing ? m.updated : m.created);
      onClose();
    } finally {
      setBusy(false);
      setStatus(null);
    }
  });

  const { errors } = form.formState;
  return (
    <Sheet
      open
      onOpenChange={(open) => (open || busy ? undefined : onClose())}
      title={editing ? m.editTitle : m.createTitle}
      description={productTitle}
      closeDisabled={busy}
      className="sheet-wide review-sheet"
    >
      <form className="form-stack review-form" noValidate onSubmit={flight.guard(submit)}>
        <RatingInput control={form.control} />
        <TextField
          label={m.titleLabel}
          placeholder={m.titlePlaceholder}
          autoComplete="off"
          error={errors.title?.message}
          hint={title ? m.titleCounter(title.trim().length) : undefined}
          {...form.register('title')}
        />
        <ContentField control={form.control} />
        <PhotoPicker
          photos={photos}
          onAdd={addPhotos}
          onRemove={removePhoto}
          errors={photoErrors}
          progress={progress}
          disabled={busy}
        />
        <div className="review-submit-bar">
          {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
          <p className="visually-hidden" role="status" aria-live="polite">
            {status}
          </p>
          <SubmitButton className="btn btn-primary btn-lg btn-block" pending={busy} pendingLabel={status ?? m.saving}>
            {editing ? m.submitEdit : m.submitCreate}
          </SubmitButton>
        </div>
      </form>
    </Sheet>
  );
}

import { PRODUCT_IMAGES_MAX } from '@app/contracts';
import { ChevronLeft, ChevronRight, ImagePlus, X } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { checkImageFiles, moveItem } from './image-checks';
import { formMessages as m } from './messages';

/** An image on the form: one already saved (numeric id) or a new file with its preview. */
export type FormImage =
  | { key: string; kind: 'existing'; id: number; src: string }
  | { key: string; kind: 'new'; file: File; src: string };

let nextKey = 0;
export function newImageKey(): string {
  nextKey += 1;
  return `img-${nextKey}`;
}

/**
 * Images of the product form: add (picker or drop), reorder by dragging or with the move
 * buttons (keyboard and touch), remove. The first image is the thumbnail.
 */
export function ImageEditor({
  images,
  onChange,
  progress,
  disabled,
}: {
  images: FormImage[];
  onChange: (images: FormImage[]) => void;
  /** Upload progress (0 to 1) by image key while saving. */
  progress: Record<string, number>;
  disabled: boolean;
}) {
  const inputId = useId();
  const [errors, setErrors] = useState<string[]>([]);
  const [dragging, setDragging] = useState<number | null>(null);

  const addFiles = (files: File[]) => {
    const result = checkImageFiles(files, images.length);
    setErrors(result.errors);
    if (result.accepted.length === 0) return;
    onChange([
      ...images,
      ...result.accepted.map((file) => ({
        key: newImageKey(),
        kind: 'new' as const,
        file,
        src: URL.createObjectURL(file),
      })),
    ]);
  };

  const remove = (index: number) => {
    const image = images[index];
    if (image?.kind === 'new') URL.revokeObjectURL(image.src);
    setErrors([]);
    onChange(images.filter((_, i) => i !== index));
  };

  const onDropArea = (e: DragEvent) => {
    if (e.dataTransfer.files.length === 0) return;
    e.preventDefault();
    if (!disabled) addFiles([...e.dataTransfer.files]);
  };

  const onDropTile = (e: DragEvent, to: number) => {
    if (dragging === null) return;
    e.preventDefault();
    e.stopPropagation();
    onChange(moveItem(images, dragging, to));
    setDragging(null);
  };

  return (
    <fieldset className="field image-editor" aria-describedby={`${inputId}-hint`}>
      <legend className="field-label">
        {m.images} <span className="image-count tabular">{m.imageCount(images.length, PRODUCT_IMAGES_MAX)}</span>
      </legend>
      <p id={`${inputId}-hint`} className="field-hint">
        {m.imagesHint}
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for files; the picker button is the accessible way in */}
      <div className="image-grid" onDragOver={(e) => e.preventDefault()} onDrop={onDropArea}>
        <ol className="image-list">
          {images.map((image, i) => (
            <li
              key={image.key}
              className={`image-tile${dragging === i ? ' is-dragging' : ''}`}
              draggable={!disabled}
              data-testid="image-tile"
              data-image-name={image.kind === 'new' ? image.file.name : `media-${image.id}`}
              onDragStart={(e) => {
                setDragging(i);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', image.key);
              }}
              onDragEnd={() => setDragging(null)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => onDropTile(e, i)}
            >
              <div className="image-thumb">
                <img src={image.src} alt={m.imageLabel(i + 1)} draggable={false} />
                {i === 0 ? <span className="image-badge">{m.thumbnail}</span> : null}
                {progress[image.key] !== undefined ? (
                  <progress
                    className="image-progress"
                    max={1}
                    value={progress[image.key]}
                    aria-label={m.uploadProgress(image.kind === 'new' ? image.file.name : String(i + 1))}
                  />
                ) : null}
              </div>
              <div className="image-actions">
                <button
                  type="button"
                  className="image-action"
                  aria-label={m.moveLeft(i + 1)}
                  disabled={disabled || i === 0}
                  onClick={() => onChange(moveItem(images, i, i - 1))}
                >
                  <ChevronLeft size={18} aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="image-action"
                  aria-label={m.moveRight(i + 1)}
                  disabled={disabled || i === images.length - 1}
                  onClick={() => onChange(moveItem(images, i, i + 1))}
                >
                  <ChevronRight size={18} aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="image-action image-remove"
                  aria-label={m.remove(i + 1)}
                  disabled={disabled}
                  onClick={() => remove(i)}
                >
                  <X size={18} aria-hidden="true" />
                </button>
              </div>
            </li>
          ))}
        </ol>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp,.heic,.heif"
          multiple
          disabled={disabled}
          onChange={(e) => {
            addFiles([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        {images.length < PRODUCT_IMAGES_MAX ? (
          <label htmlFor={inputId} className={`image-add${disabled ? ' is-disabled' : ''}`}>
            <ImagePlus size={26} aria-hidden="true" />
            <span>{m.addImages}</span>
          </label>
        ) : null}
      </div>
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

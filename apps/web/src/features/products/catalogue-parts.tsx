import type { Category } from '@app/contracts';
import { RefreshCw, SearchX } from 'lucide-react';
import { Notice } from '@/components/notice';
import { catalogueMessages as m } from './messages';

/** The category pills of both tabs: one pressed button per category, scrolling sideways on phones. */
export function CategoryPills({
  categories,
  value,
  onChange,
}: {
  categories: readonly Category[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className="category-pills">
      <legend className="visually-hidden">{m.categoriesLabel}</legend>
      {categories.map((c) => (
        <button
          key={c.value}
          type="button"
          className="category-pill"
          aria-pressed={c.value === value}
          onClick={() => onChange(c.value)}
        >
          {c.emoji ? (
            <span className="category-emoji" aria-hidden="true">
              {c.emoji}
            </span>
          ) : null}
          {c.label}
        </button>
      ))}
    </fieldset>
  );
}

export function GridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className="catalogue-grid" role="status" aria-live="polite">
      <span className="visually-hidden">{m.loading}</span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <div key={i} className="skeleton catalogue-skeleton" />
      ))}
    </div>
  );
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Notice
      level={2}
      role="alert"
      icon={<RefreshCw size={28} />}
      title={m.loadFailed}
      actions={
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {m.retry}
        </button>
      }
    />
  );
}

export function EmptyList({ title, text }: { title: string; text: string }) {
  return (
    <Notice level={2} icon={<SearchX size={28} />} title={title}>
      <p>{text}</p>
    </Notice>
  );
}

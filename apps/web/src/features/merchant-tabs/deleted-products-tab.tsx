import type { Product, ProductList } from '@app/contracts';
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { ArchiveRestore, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { toast } from '@/components/app-toaster';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { apiErrorDetail } from '@/lib/api-client';
import { formatLocaleDate } from '@/lib/dates';
import { formatWon } from '@/lib/format';
import { useSession } from '@/lib/session';
import { DeniedNotice, listStatus, MoreButton, ProductThumb } from './merchant-parts';
import {
  type DeletedSort,
  deletedProductsQuery,
  deletedSorts,
  merchantTabKeys,
  refreshProductLists,
  restoreProduct,
} from './merchant-tabs.api';
import { commonText, deletedText as m } from './messages';
import '@/components/form/form.css';
import './merchant-tabs.css';
import { ChoiceSelect } from '@/components/form/choice-select';

/** The merchant's soft-deleted products with restore (spec part 3, "Deleted products tab"). */
export function DeletedProductsTab() {
  const { user } = useSession();
  if (user?.user_type !== 'merchant') return <DeniedNotice reason={commonText.deletedMerchantOnly} />;
  return <DeletedManager />;
}

function DeletedManager() {
  const id = useId();
  const queryClient = useQueryClient();
  const [sort, setSort] = useState<DeletedSort>('deleted_desc');
  const [restoring, setRestoring] = useState<Product | null>(null);
  const list = useInfiniteQuery(deletedProductsQuery(sort));
  const products = list.data?.pages.flatMap((p) => p.products) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;

  const restore = useMutation({
    mutationFn: (product: Product) => restoreProduct(product.id),
    onSuccess: async (_restored, product) => {
      setRestoring(null);
      // The product leaves the list at once; the lists are then asked again.
      queryClient.setQueryData<InfiniteData<ProductList, number>>(merchantTabKeys.deletedList(sort), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                total: Math.max(0, page.total - 1),
                products: page.products.filter((p) => p.id !== product.id),
              })),
            }
          : data,
      );
      toast.success(m.restored);
      await refreshProductLists(queryClient);
    },
    onError: (err) => {
      setRestoring(null);
      toast.error(m.restoreFailed, { description: apiErrorDetail(err) });
    },
  });

  const status = listStatus(list, {
    loading: m.loading,
    loadFailed: m.loadFailed,
    denied: commonText.deletedMerchantOnly,
  });
  let body: ReactNode;
  if (status) {
    body = status;
  } else if (products.length === 0) {
    body = (
      <div className="notice" role="status">
        <div className="notice-icon" aria-hidden="true">
          <Trash2 size={30} />
        </div>
        <h2>{m.emptyTitle}</h2>
        <p>{m.emptyText}</p>
      </div>
    );
  } else {
    body = (
      <ul className="mt-list">
        {products.map((product) => (
          <li key={product.id}>
            <DeletedRow product={product} onRestore={setRestoring} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="mt-section" aria-labelledby={`${id}-title`}>
      <div className="mt-head">
        <div>
          <h2 id={`${id}-title`}>
            {m.title}
            {list.data && total > 0 ? <span className="mt-count tabular"> {m.total(total)}</span> : null}
          </h2>
          <p className="mt-muted">{m.intro}</p>
        </div>
        <label className="mt-sort">
          <span className="visually-hidden">{m.sort}</span>
          <ChoiceSelect value={sort} choices={deletedSorts} labels={m.sorts} onChange={setSort} />
        </label>
      </div>
      {body}
      <MoreButton list={list} />
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(open) => {
          if (!open && !restore.isPending) setRestoring(null);
        }}
        title={restoring ? m.restoreConfirm(restoring.title) : m.restoreTitle}
        text={m.restoreHint}
        confirmLabel={m.restore}
        busy={restore.isPending}
        onConfirm={() => {
          if (restoring) restore.mutate(restoring);
        }}
      />
    </section>
  );
}

function DeletedRow({ product, onRestore }: { product: Product; onRestore: (product: Product) => void }) {
  return (
    <article className="mt-row mt-row-deleted" aria-label={product.title}>
      <ProductThumb product={product} />
      <div className="mt-row-body">
        <h3 className="mt-row-title">{product.title}</h3>
        <p className="mt-price tabular">
          <strong>{formatWon(product.price)}</strong>
        </p>
        {product.deleted_at ? (
          <p className="mt-meta">
            <time dateTime={product.deleted_at}>{m.deletedAt(formatLocaleDate(product.deleted_at))}</time>
          </p>
        ) : null}
      </div>
      <div className="mt-row-actions">
        <button
          type="button"
          className="btn btn-outline"
          aria-label={m.restoreFor(product.title)}
          onClick={() => onRestore(product)}
        >
          <ArchiveRestore size={16} aria-hidden="true" />
          {m.restore}
        </button>
      </div>
    </article>
  );
}

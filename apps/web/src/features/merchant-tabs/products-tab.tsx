import { deliveryCategories, type Product, shoppingCategories } from '@app/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Boxes, Eye, PackageOpen, Pencil, Plus, Search, ShoppingBag, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/components/app-toaster';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { useCategories } from '@/lib/categories';
import { formatWon } from '@/lib/format';
import { useSession } from '@/lib/session';
import { isLowStock, shownOriginalPrice } from '@/lib/stock';
import { DeniedNotice, listStatus, MoreButton, ProductThumb } from './merchant-parts';
import { dashboardProductsQuery, deleteProduct, refreshProductLists } from './merchant-tabs.api';
import { productsText as m } from './messages';
import {
  applyProductFilters,
  availabilityFilters,
  defaultProductFilters,
  deliveryFilters,
  isNarrowing,
  type ProductFilters,
  productSorts,
} from './product-filters';
import { StockEditor } from './stock-editor';
import { productStockState, type StockFilter, stockFilters, stockLevel } from './stock-values';
import '@/components/form/form.css';
import './merchant-tabs.css';
import { ChoiceSelect } from '@/components/form/choice-select';

/** The merchant's products (the dashboard's products tab, spec part 3): filters on the page, delete. */
export function MerchantProductsTab() {
  const { user } = useSession();
  if (user?.user_type !== 'merchant') return <DeniedNotice />;
  return <ProductsManager />;
}

/** The stock line of a row: unlimited, sold out, low stock (10 or fewer) with the count, or the count. */
export function stockLabel(displayRemaining: number): { text: string; tone: 'muted' | 'danger' | 'warn' | 'plain' } {
  if (displayRemaining < 0) return { text: m.unlimited, tone: 'muted' };
  if (displayRemaining === 0) return { text: m.soldOut, tone: 'danger' };
  if (isLowStock(displayRemaining)) return { text: `${m.lowStock} · ${m.stock(displayRemaining)}`, tone: 'warn' };
  return { text: m.stock(displayRemaining), tone: 'plain' };
}

function ProductsManager() {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<ProductFilters>(defaultProductFilters);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const list = useInfiniteQuery(dashboardProductsQuery());
  const products = useMemo(() => list.data?.pages.flatMap((p) => p.products) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const shown = useMemo(() => applyProductFilters(products, filters), [products, filters]);
  // How many products each stock chip would show, under the other filters.
  const stockCounts = useMemo(() => {
    const base = applyProductFilters(products, { ...filters, stock: 'all' });
    return {
      low: applyProductFilters(base, { ...filters, stock: 'low' }).length,
      sold_out: applyProductFilters(base, { ...filters, stock: 'sold_out' }).length,
    };
  }, [products, filters]);

  const remove = useMutation({
    mutationFn: (product: Product) => deleteProduct(product.id),
    onSuccess: async () => {
      setDeleting(null);
      toast.success(m.deleted);
      await refreshProductLists(queryClient);
    },
    onError: () => {
      setDeleting(null);
      toast.error(m.deleteFailed);
    },
  });

  const status = listStatus(list, { loading: m.loading, loadFailed: m.loadFailed });
  let body: ReactNode;
  if (status) {
    body = status;
  } else if (products.length === 0) {
    body = (
      <div className="notice">
        <div className="notice-icon" aria-hidden="true">
          <PackageOpen size={30} />
        </div>
        <h2>{m.emptyTitle}</h2>
        <p>{m.emptyText}</p>
        <div className="notice-actions">
          <Link className="btn btn-primary" to={paths.productCreate.getHref()}>
            <Plus size={18} aria-hidden="true" />
            {m.create}
          </Link>
        </div>
      </div>
    );
  } else if (shown.length === 0) {
    body = (
      <div className="notice" role="status">
        <div className="notice-icon" aria-hidden="true">
          <Search size={30} />
        </div>
        <h2>{m.noMatchTitle}</h2>
        <p>{m.noMatchText}</p>
        <div className="notice-actions">
          <button type="button" className="btn btn-outline" onClick={() => setFilters(defaultProductFilters)}>
            {m.resetFilters}
          </button>
        </div>
      </div>
    );
  } else {
    body = (
      <ul className="mt-list">
        {shown.map((product) => (
          <li key={product.id}>
            <ProductRow product={product} onDelete={setDeleting} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="mt-section" aria-labelledby="mt-products-title">
      <div className="mt-head">
        <h2 id="mt-products-title">{m.title}</h2>
        <Link className="btn btn-primary" to={paths.productCreate.getHref()}>
          <Plus size={18} aria-hidden="true" />
          {m.create}
        </Link>
      </div>
      {products.length > 0 ? (
        <FilterBar
          filters={filters}
          onChange={setFilters}
          stockCounts={stockCounts}
          summary={isNarrowing(filters) ? m.shown(shown.length, total) : m.total(total)}
        />
      ) : null}
      {body}
      <MoreButton list={list} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
        title={m.deleteConfirm}
        text={deleting ? m.deleteHint(deleting.title) : ''}
        confirmLabel={m.delete}
        busy={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
        }}
      />
    </section>
  );
}

/**
 * The stock line of a row. Without options as before; with options a word for the product as a
 * whole (품절, 재고 부족, 일부 품절, or how many options), the options themselves listed under it.
 */
function productStockLabel(product: Product): ReturnType<typeof stockLabel> {
  if (product.options.length === 0) return stockLabel(product.display_remaining);
  const state = productStockState(product);
  if (state.soldOut) return { text: m.soldOut, tone: 'danger' };
  if (state.low) return { text: m.lowStock, tone: 'warn' };
  if (state.partlySoldOut) return { text: m.partlySoldOut, tone: 'warn' };
  return { text: m.optionCount(product.options.length), tone: 'plain' };
}

/** The options in a compact line each: `5kg · 12개`, sold out and low ones coloured. */
function OptionStocks({ product }: { product: Product }) {
  return (
    <ul className="mt-options tabular" aria-label={m.optionStocks(product.title)}>
      {product.options.map((option) => {
        const level = stockLevel(option.stock);
        return (
          <li key={option.id} className={`mt-option mt-option-${level}${option.is_available ? '' : ' is-off'}`}>
            {option.name} · {m.optionStock(option.stock)}
            {level === 'low' ? <span className="visually-hidden"> ({m.optionLow})</span> : null}
            {option.is_available ? null : <> · {m.unavailable}</>}
          </li>
        );
      })}
    </ul>
  );
}

function ProductRow({ product, onDelete }: { product: Product; onDelete: (product: Product) => void }) {
  const original = shownOriginalPrice(product.price, product.original_price);
  const stock = productStockLabel(product);
  const [editing, setEditing] = useState(false);
  const editorId = useId();
  return (
    <article className="mt-row" aria-label={product.title}>
      <ProductThumb product={product} />
      <div className="mt-row-body">
        <div className="mt-badges">
          <span className={`mt-badge ${product.is_available ? 'mt-badge-on' : 'mt-badge-off'}`}>
            {product.is_available ? m.available : m.unavailable}
          </span>
          <span className="mt-badge mt-badge-kind">
            {product.category_type === 'shopping' ? m.parcel : product.is_delivery ? m.deliverable : m.pickupOnly}
          </span>
        </div>
        <h3 className="mt-row-title">{product.title}</h3>
        <p className="mt-price tabular">
          <span className="visually-hidden">{m.price}</span>
          <strong>{formatWon(product.price)}</strong>
          {original !== null ? (
            <del className="mt-original">
              <span className="visually-hidden">{m.originalPrice}</span>
              {formatWon(original)}
            </del>
          ) : null}
        </p>
        <p className="mt-meta tabular">
          <span className={`mt-stock mt-stock-${stock.tone}`} data-testid="stock">
            {stock.text}
          </span>
          <span>
            <Eye size={14} aria-hidden="true" /> {m.views(product.views_count)}
          </span>
          <span>
            <ShoppingBag size={14} aria-hidden="true" /> {m.orders(product.orders_count)}
          </span>
        </p>
        {product.options.length > 0 ? <OptionStocks product={product} /> : null}
      </div>
      <div className="mt-row-actions">
        <button
          type="button"
          className="btn btn-outline"
          aria-label={m.stockEditFor(product.title)}
          aria-expanded={editing}
          aria-controls={editing ? editorId : undefined}
          onClick={() => setEditing((v) => !v)}
        >
          <Boxes size={16} aria-hidden="true" />
          {m.stockEdit}
        </button>
        <Link
          className="btn btn-outline"
          to={paths.productEdit.getHref(product.id)}
          aria-label={m.editFor(product.title)}
        >
          <Pencil size={16} aria-hidden="true" />
          {m.edit}
        </Link>
        <button
          type="button"
          className="btn btn-ghost mt-danger"
          aria-label={m.deleteFor(product.title)}
          onClick={() => onDelete(product)}
        >
          <Trash2 size={16} aria-hidden="true" />
          {m.delete}
        </button>
      </div>
      {editing ? (
        <div id={editorId} className="mt-row-editor">
          <StockEditor product={product} onClose={() => setEditing(false)} />
        </div>
      ) : null}
    </article>
  );
}

/** The stock chips above the list: products running low, or with something sold out, with their counts. */
function StockChips({
  value,
  counts,
  onChange,
}: {
  value: StockFilter;
  counts: Record<Exclude<StockFilter, 'all'>, number>;
  onChange: (value: StockFilter) => void;
}) {
  return (
    <fieldset className="mt-stock-chips">
      <legend className="visually-hidden">{m.stockFilter}</legend>
      {stockFilters
        .filter((f): f is Exclude<StockFilter, 'all'> => f !== 'all')
        .map((f) => (
          <button
            key={f}
            type="button"
            className={`mt-stock-chip mt-stock-chip-${f}`}
            aria-pressed={value === f}
            title={m.stockFilterHints[f]}
            disabled={counts[f] === 0 && value !== f}
            onClick={() => onChange(value === f ? 'all' : f)}
          >
            {m.stockFilters[f](counts[f])}
          </button>
        ))}
    </fieldset>
  );
}

function FilterBar({
  filters,
  onChange,
  stockCounts,
  summary,
}: {
  filters: ProductFilters;
  onChange: (filters: ProductFilters) => void;
  stockCounts: Record<Exclude<StockFilter, 'all'>, number>;
  summary: string;
}) {
  const id = useId();
  const shopping = useCategories('shopping');
  const delivery = useCategories('delivery');
  // Spec 7: a failed category load is only logged; the contract's lists stay in the menu.
  useEffect(() => {
    if (shopping.error) console.error('shopping categories failed to load', shopping.error);
  }, [shopping.error]);
  useEffect(() => {
    if (delivery.error) console.error('delivery categories failed to load', delivery.error);
  }, [delivery.error]);
  const set = <K extends keyof ProductFilters>(key: K, value: ProductFilters[K]) =>
    onChange({ ...filters, [key]: value });
  // The built-in lists stand in while loading and after a failure.
  const options = (list: { value: string; label: string }[]) => list.filter((c) => c.value !== 'all');

  return (
    <fieldset className="mt-filters">
      <legend className="visually-hidden">{m.filters}</legend>
      <StockChips value={filters.stock} counts={stockCounts} onChange={(v) => set('stock', v)} />
      <div className="field mt-search">
        <label className="field-label" htmlFor={`${id}-search`}>
          {m.search}
        </label>
        <div className="mt-search-input">
          <Search size={18} aria-hidden="true" />
          <input
            id={`${id}-search`}
            className="input"
            type="search"
            autoComplete="off"
            placeholder={m.searchPlaceholder}
            value={filters.search}
            onChange={(e) => set('search', e.currentTarget.value)}
          />
        </div>
      </div>
      <div className="mt-filter-grid">
        <label className="field">
          <span className="field-label">{m.category}</span>
          <select className="input" value={filters.category} onChange={(e) => set('category', e.currentTarget.value)}>
            <option value="all">{m.allCategories}</option>
            <optgroup label={m.shoppingGroup}>
              {options(shopping.data ?? shoppingCategories).map((c) => (
                <option key={`s-${c.value}`} value={`shopping:${c.value}`}>
                  {c.label}
                </option>
              ))}
            </optgroup>
            <optgroup label={m.deliveryGroup}>
              {options(delivery.data ?? deliveryCategories).map((c) => (
                <option key={`d-${c.value}`} value={`delivery:${c.value}`}>
                  {c.label}
                </option>
              ))}
            </optgroup>
          </select>
        </label>
        <label className="field">
          <span className="field-label">{m.delivery}</span>
          <ChoiceSelect
            value={filters.delivery}
            choices={deliveryFilters}
            labels={m.deliveryOptions}
            onChange={(v) => set('delivery', v)}
          />
        </label>
        <label className="field">
          <span className="field-label">{m.availability}</span>
          <ChoiceSelect
            value={filters.availability}
            choices={availabilityFilters}
            labels={m.availabilityOptions}
            onChange={(v) => set('availability', v)}
          />
        </label>
        <label className="field">
          <span className="field-label">{m.sort}</span>
          <ChoiceSelect value={filters.sort} choices={productSorts} labels={m.sorts} onChange={(v) => set('sort', v)} />
        </label>
      </div>
      <p className="mt-muted tabular" aria-live="polite">
        {summary}
      </p>
    </fieldset>
  );
}

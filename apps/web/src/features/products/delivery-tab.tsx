import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { FIRST_SCREEN_CARDS, ProductCard } from '@/components/cards/product-card';
import { useCategories } from '@/lib/categories';
import { CategoryPills, EmptyList, GridSkeleton, LoadError } from './catalogue-parts';
import { type DeliverySection, deliverySections } from './delivery-layout';
import { catalogueMessages as m } from './messages';
import { mainDeliveryQuery } from './products.api';
import '@/components/form/form.css';
import './products.css';

const SEARCH_DELAY_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function sectionTitle(key: DeliverySection<unknown>['key'], categoryLabel: string): string {
  switch (key) {
    case 'hot':
      return m.hotNow;
    case 'repurchase':
      return m.repurchaseTop3;
    case 'today':
      return m.todaysRestaurants;
    case 'ranking':
      return m.realtimeRanking;
    default:
      return m.categoryList(categoryLabel);
  }
}

/** The delivery ordering screen of /main?tab=delivery (spec part 2, section 2). */
export function DeliveryTab() {
  const [category, setCategory] = useState('all');
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const categories = useCategories('delivery');
  const list = useQuery({ ...mainDeliveryQuery(category, q), placeholderData: keepPreviousData });
  const searchId = useId();
  const products = list.data?.products ?? [];
  const categoryLabel = categories.data?.find((c) => c.value === category)?.label ?? '';

  let body: ReactNode;
  if (list.isPending) body = <GridSkeleton count={4} />;
  else if (list.isError) body = <LoadError onRetry={() => list.refetch()} />;
  else if (products.length === 0)
    body = q ? (
      <EmptyList title={m.emptySearch} text={m.emptySearchText} />
    ) : (
      <EmptyList title={m.emptyDelivery} text={m.emptyDeliveryText} />
    );
  else if (q)
    body = (
      <section className="catalogue-section" aria-labelledby={`${searchId}-results`}>
        <div className="catalogue-section-head">
          <h3 id={`${searchId}-results`}>{m.searchResults(q)}</h3>
          <span className="catalogue-count">{m.resultCount(list.data?.total ?? products.length)}</span>
        </div>
        <div className="catalogue-rows">
          {products.map((p, i) => (
            <ProductCard key={p.id} product={p} variant="row" headingLevel={4} eager={i < FIRST_SCREEN_CARDS} />
          ))}
        </div>
      </section>
    );
  else
    body = deliverySections(products, category).map((section, s) => (
      <section key={section.key} className="catalogue-section" aria-labelledby={`${searchId}-${section.key}`}>
        <div className="catalogue-section-head">
          <h3 id={`${searchId}-${section.key}`}>{sectionTitle(section.key, categoryLabel)}</h3>
        </div>
        <ol className={`catalogue-${section.style}`}>
          {section.items.map((p, i) => (
            <li key={p.id} className="catalogue-item">
              {section.key === 'repurchase' || section.key === 'ranking' ? (
                <span className="rank-badge" aria-hidden="true">
                  {i + 1}
                </span>
              ) : null}
              <ProductCard
                product={p}
                variant={section.style === 'list' ? 'row' : 'full'}
                headingLevel={4}
                eager={s === 0 && i < FIRST_SCREEN_CARDS}
              />
            </li>
          ))}
        </ol>
      </section>
    ));

  return (
    <div className="catalogue" aria-busy={list.isFetching}>
      <header className="catalogue-head">
        <h2>{m.deliveryTitle}</h2>
        <p>{m.deliverySubtitle}</p>
      </header>
      <search className="catalogue-search">
        <label htmlFor={searchId} className="visually-hidden">
          {m.deliverySearchLabel}
        </label>
        <Search size={18} aria-hidden="true" className="catalogue-search-icon" />
        <input
          id={searchId}
          type="search"
          className="input catalogue-search-input"
          placeholder={m.deliverySearchPlaceholder}
          value={text}
          onChange={(e) => setText(e.target.value)}
          enterKeyHint="search"
        />
      </search>
      <CategoryPills categories={categories.data ?? []} value={category} onChange={setCategory} />
      {body}
    </div>
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { FIRST_SCREEN_CARDS, ProductCard } from '@/components/cards/product-card';
import { useCategories } from '@/lib/categories';
import { CategoryPills, EmptyList, GridSkeleton, LoadError } from './catalogue-parts';
import { catalogueMessages as m } from './messages';
import { mainShoppingQuery } from './products.api';
import '@/components/form/form.css';
import './products.css';

/** The shopping mall screen of /main?tab=shopping (spec part 2, section 2). */
export function ShoppingTab() {
  const [category, setCategory] = useState('all');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const categories = useCategories('shopping');
  const feed = useQuery({ ...mainShoppingQuery(category, q), placeholderData: keepPreviousData });
  const searchId = useId();

  const products = q
    ? (feed.data?.search_results ?? [])
    : (feed.data?.categories[category] ?? feed.data?.categories.all ?? []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(text.trim());
  };
  const clear = () => {
    setText('');
    setQ('');
  };

  let body: ReactNode;
  if (feed.isPending) body = <GridSkeleton />;
  else if (feed.isError) body = <LoadError onRetry={() => feed.refetch()} />;
  else if (products.length === 0)
    body = q ? (
      <EmptyList title={m.emptySearch} text={m.emptySearchText} />
    ) : (
      <EmptyList title={m.emptyShopping} text={m.emptyShoppingText} />
    );
  else
    body = (
      <div className="catalogue-grid">
        {products.map((p, i) => (
          <ProductCard key={p.id} product={p} variant="full" headingLevel={4} eager={i < FIRST_SCREEN_CARDS} />
        ))}
      </div>
    );

  return (
    <div className="catalogue" aria-busy={feed.isFetching}>
      <header className="catalogue-head">
        <h2 className="visually-hidden">{m.shoppingTitle}</h2>
      </header>
      <search>
        <form className="catalogue-search catalogue-search-form" onSubmit={submit}>
          <label htmlFor={searchId} className="visually-hidden">
            {m.shoppingSearchLabel}
          </label>
          <Search size={18} aria-hidden="true" className="catalogue-search-icon" />
          <input
            id={searchId}
            type="text"
            className="input catalogue-search-input"
            placeholder={m.shoppingSearchPlaceholder}
            value={text}
            onChange={(e) => setText(e.target.value)}
            enterKeyHint="search"
          />
          {text || q ? (
            <button type="button" className="catalogue-search-clear" aria-label={m.clearSearch} onClick={clear}>
              <X size={18} aria-hidden="true" />
            </button>
          ) : null}
          <button type="submit" className="btn btn-primary">
            {m.search}
          </button>
        </form>
      </search>
      <CategoryPills categories={categories.data ?? []} value={category} onChange={setCategory} />
      <section className="catalogue-section" aria-labelledby={`${searchId}-title`}>
        <div className="catalogue-section-head">
          <h3 id={`${searchId}-title`}>{q ? m.searchResults(q) : m.best}</h3>
          {q && feed.data?.search_total !== undefined ? (
            <span className="catalogue-count">{m.resultCount(feed.data.search_total)}</span>
          ) : null}
        </div>
        {body}
      </section>
    </div>
  );
}

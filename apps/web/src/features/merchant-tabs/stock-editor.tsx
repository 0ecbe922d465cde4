import { type Product, productMessages, STOCK_MAX } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from '@/components/app-toaster';
import { NumberField } from '@/components/form/number-field';
import { useSingleFlight } from '@/components/form/single-flight';
import { SubmitButton } from '@/components/form/submit-button';
import { FormMessage } from '@/components/form/text-field';
import { apiErrorDetail } from '@/lib/api-client';
import { applyStockAnswer, type ProductStockUpdate, updateProductStock } from './merchant-tabs.api';
import { productsText as m } from './messages';
import { type StockDraft, stockDraftOf, stockUpdateBody } from './stock-values';

const tooLarge = (value: number | null) => value !== null && value > STOCK_MAX;

/**
 * The products tab's in-place stock change: one count for a product without options, one per
 * option with. Empty is unlimited. Saved with PUT /api/products/{id}/stock; the row then shows
 * the server's answer.
 */
export function StockEditor({ product, onClose }: { product: Product; onClose: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState<StockDraft>(() => stockDraftOf(product));
  const first = useRef<HTMLInputElement>(null);
  const { pending, guard } = useSingleFlight();
  const save = useMutation({
    mutationFn: (body: ProductStockUpdate) => updateProductStock(product.id, body),
    onSuccess: async (answer) => {
      toast.success(m.stockSaved(product.title));
      onClose();
      await applyStockAnswer(queryClient, answer);
    },
  });
  useEffect(() => first.current?.focus(), []);

  const body = stockUpdateBody(product, draft);
  const invalid = draft.kind === 'product' ? tooLarge(draft.stock) : Object.values(draft.stocks).some(tooLarge);
  const failure = save.isError ? (apiErrorDetail(save.error) ?? m.stockSaveFailed) : null;

  const submit = guard((event: FormEvent) => {
    event.preventDefault();
    if (!body || invalid) return undefined;
    return save.mutateAsync(body);
  });

  return (
    <form className="mt-stock-editor" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h4 id={`${id}-title`} className="visually-hidden">
        {m.stockEditFor(product.title)}
      </h4>
      <p className="field-hint">{m.stockHint}</p>
      <div className="mt-stock-fields">
        {draft.kind === 'product' ? (
          <NumberField
            ref={first}
            label={m.stockCount}
            unit="개"
            placeholder={m.stockPlaceholder}
            value={draft.stock}
            onChange={(stock) => setDraft({ kind: 'product', stock })}
            error={tooLarge(draft.stock) ? productMessages.stockInvalid : undefined}
          />
        ) : (
          product.options.map((option, i) => {
            const value = draft.stocks[option.id] ?? null;
            return (
              <NumberField
                key={option.id}
                ref={i === 0 ? first : undefined}
                label={option.name}
                unit="개"
                placeholder={m.stockPlaceholder}
                value={value}
                onChange={(stock) => setDraft({ kind: 'options', stocks: { ...draft.stocks, [option.id]: stock } })}
                error={tooLarge(value) ? productMessages.stockInvalid : undefined}
              />
            );
          })
        )}
      </div>
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <div className="mt-stock-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose} disabled={pending}>
          {m.stockCancel}
        </button>
        <SubmitButton pending={pending} pendingLabel={m.stockSaving} disabled={!body || invalid}>
          {m.stockSave}
        </SubmitButton>
      </div>
    </form>
  );
}

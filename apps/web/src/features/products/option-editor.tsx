import { PRODUCT_OPTION_NAME_MAX, PRODUCT_OPTIONS_MAX } from '@app/contracts/plain';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray, useWatch } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';
import { formMessages as m } from './messages';
import { emptyOptionRow, liveDiscount, type ProductFormValues } from './product-form-schema';

interface OptionEditorProps {
  control: Control<ProductFormValues>;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  disabled: boolean;
}

/** The discount of one option row as typed, shown under its prices like the product's. */
function OptionDiscount({ control, index }: { control: Control<ProductFormValues>; index: number }) {
  const [price, original] = useWatch({
    control,
    name: [`options.${index}.price`, `options.${index}.original_price`],
  });
  const discount = liveDiscount(price ?? '', original ?? '');
  return discount > 0 ? (
    <p className="form-discount option-row-discount tabular" aria-live="polite">
      {m.discount(discount)}
    </p>
  ) : null;
}

/**
 * The options of a product (one level: 사과 3kg / 5kg / 10kg): a row each with its name, price,
 * original price, stock (empty: unlimited) and on/off for sale; rows are added, removed and moved
 * up or down (the order buyers see). A saved option keeps its id in the row, so the save updates
 * it instead of making a new one.
 */
export function OptionEditor({ control, register, errors, disabled }: OptionEditorProps) {
  const headId = useId();
  // The rows' own React keys live in `key`: the option's id is a form value of its own (saved_id).
  const { fields, append, remove, move } = useFieldArray({ control, name: 'options', keyName: 'key' });
  const listError = errors.options?.message ?? errors.options?.root?.message;
  const full = fields.length >= PRODUCT_OPTIONS_MAX;
  return (
    <section className="option-editor" aria-labelledby={headId}>
      <div className="option-editor-head">
        <h2 id={headId} className="field-label">
          {m.options}
        </h2>
        <span className="image-count tabular">{m.optionCount(fields.length, PRODUCT_OPTIONS_MAX)}</span>
      </div>
      <p className="field-hint">{m.optionsHint}</p>
      <ol className="option-rows">
        {fields.map((field, i) => {
          const n = i + 1;
          const rowErrors = errors.options?.[i];
          const titleId = `${headId}-${field.key}`;
          return (
            <li key={field.key}>
              <fieldset className="option-row" aria-labelledby={titleId}>
                <div className="option-row-head">
                  <p id={titleId} className="option-row-title">
                    {m.optionN(n)}
                  </p>
                  <div className="option-row-actions">
                    <button
                      type="button"
                      className="image-action"
                      aria-label={m.optionUp(n)}
                      disabled={disabled || i === 0}
                      onClick={() => move(i, i - 1)}
                    >
                      <ArrowUp size={18} aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className="image-action"
                      aria-label={m.optionDown(n)}
                      disabled={disabled || i === fields.length - 1}
                      onClick={() => move(i, i + 1)}
                    >
                      <ArrowDown size={18} aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className="image-action image-remove"
                      aria-label={m.optionRemove(n)}
                      // The last row stays: "옵션 사용" turns options off.
                      disabled={disabled || fields.length === 1}
                      onClick={() => remove(i)}
                    >
                      <Trash2 size={18} aria-hidden="true" />
                    </button>
                  </div>
                </div>
                <div className="option-row-fields">
                  <div className="option-row-name">
                    <TextField
                      label={m.optionName}
                      placeholder={m.optionNamePlaceholder}
                      maxLength={PRODUCT_OPTION_NAME_MAX}
                      error={rowErrors?.name?.message}
                      {...register(`options.${i}.name`)}
                    />
                  </div>
                  <TextField
                    label={m.optionPrice}
                    inputMode="numeric"
                    error={rowErrors?.price?.message}
                    {...register(`options.${i}.price`)}
                  />
                  <TextField
                    label={m.optionOriginalPrice}
                    inputMode="numeric"
                    error={rowErrors?.original_price?.message}
                    {...register(`options.${i}.original_price`)}
                  />
                  <TextField
                    label={m.optionStock}
                    inputMode="numeric"
                    placeholder={m.stockPlaceholder}
                    error={rowErrors?.stock?.message}
                    {...register(`options.${i}.stock`)}
                  />
                </div>
                <OptionDiscount control={control} index={i} />
                <div className="switch-field">
                  <input
                    id={`${titleId}-on`}
                    type="checkbox"
                    className="switch-input"
                    {...register(`options.${i}.is_available`)}
                  />
                  <label htmlFor={`${titleId}-on`} className="switch-label">
                    <span className="switch-track" aria-hidden="true" />
                    {m.optionOnSale}
                  </label>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {listError ? (
        <p className="field-error" role="alert">
          {listError}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-outline option-add"
        disabled={disabled || full}
        onClick={() => append(emptyOptionRow())}
      >
        <Plus size={18} aria-hidden="true" />
        {m.addOption}
      </button>
      {full ? <p className="field-hint">{m.optionsMax}</p> : null}
    </section>
  );
}

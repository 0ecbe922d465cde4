import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { addressMessages } from '@/messages/form';
import { joinAddress, splitAddress } from './address';
import { baseAddressOf, loadPostcode } from './postcode';
import './form.css';
import { describedBy, FieldNotes } from './field-notes';

interface AddressFieldProps {
  label?: string;
  /** The stored "base, detail" string. */
  value: string;
  onChange: (value: string) => void;
  /** The postcode (zonecode) of an address picked in the search widget, for forms that keep it. */
  onPostcode?: (postcode: string) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
}

type WidgetState = 'loading' | 'ready' | 'failed';

/**
 * Address through the postcode search widget plus a typed detail (spec 2.10), stored as
 * "base, detail". When the widget's script cannot load (offline, blocked) the base address is
 * typed by hand instead.
 */
export function AddressField({
  label = addressMessages.base,
  value,
  onChange,
  onPostcode,
  onBlur,
  error,
  disabled,
}: AddressFieldProps) {
  const id = useId();
  const [parts, setParts] = useState(() => splitAddress(value));
  const [state, setState] = useState<WidgetState>('loading');

  useEffect(() => {
    let live = true;
    loadPostcode().then(
      () => live && setState('ready'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, []);

  // Follow outside changes (a form reset) without fighting the user's typing.
  useEffect(() => {
    if (value !== joinAddress(parts.base, parts.detail)) setParts(splitAddress(value));
  }, [value, parts.base, parts.detail]);

  const update = (next: { base: string; detail: string }) => {
    setParts(next);
    onChange(joinAddress(next.base, next.detail));
  };

  const openSearch = async () => {
    try {
      const Postcode = await loadPostcode();
      new Postcode({
        oncomplete: (result) => {
          update({ base: baseAddressOf(result), detail: parts.detail });
          if (result.zonecode) onPostcode?.(result.zonecode);
          onBlur?.();
        },
      }).open();
    } catch {
      setState('failed');
    }
  };

  const manual = state !== 'ready';
  const hint = state === 'failed' ? addressMessages.fallback : undefined;
  return (
    <fieldset className="field address-field" disabled={disabled}>
      <legend className="field-label">{label}</legend>
      <div className="field-row">
        <input
          id={`${id}-base`}
          className="input"
          aria-label={label}
          value={parts.base}
          readOnly={!manual}
          placeholder={manual ? addressMessages.manualPlaceholder : addressMessages.basePlaceholder}
          autoComplete="street-address"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          onChange={(e) => update({ base: e.target.value, detail: parts.detail })}
          onClick={() => {
            if (!manual) void openSearch();
          }}
          onBlur={onBlur}
        />
        {state === 'ready' ? (
          <button
            type="button"
            className="btn btn-outline"
            onClick={openSearch}
            aria-label={addressMessages.searchLabel}
          >
            <Search size={18} aria-hidden="true" />
            {addressMessages.search}
          </button>
        ) : null}
      </div>
      <input
        className="input"
        aria-label={addressMessages.detail}
        value={parts.detail}
        placeholder={addressMessages.detailPlaceholder}
        onChange={(e) => update({ base: parts.base, detail: e.target.value })}
        onBlur={onBlur}
      />
      {state === 'loading' ? <p className="field-hint">{addressMessages.loading}</p> : null}
      <FieldNotes id={id} hint={hint} error={error} />
    </fieldset>
  );
}

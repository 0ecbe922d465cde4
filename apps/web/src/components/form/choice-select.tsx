import type { ComponentProps } from 'react';

type ChoiceSelectProps<T extends string> = Omit<ComponentProps<'select'>, 'value' | 'onChange' | 'children'> & {
  value: T;
  /** The values offered, in order. */
  choices: readonly T[];
  /** The Korean label of each value. */
  labels: Record<T, string>;
  onChange: (value: T) => void;
};

/** A drop-down over a fixed list of values (sorts, filters), each shown by its label. */
export function ChoiceSelect<T extends string>({
  value,
  choices,
  labels,
  onChange,
  className = 'input',
  ...select
}: ChoiceSelectProps<T>) {
  return (
    <select {...select} className={className} value={value} onChange={(e) => onChange(e.currentTarget.value as T)}>
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {labels[choice]}
        </option>
      ))}
    </select>
  );
}

import { Dropdown } from 'primereact/dropdown';

/** One choice of an optional dropdown: a record's id and the text the list shows for it. */
export interface OptionalChoice {
  value: number;
  label: string;
}

/**
 * A single choice that may be left empty: a "none" choice (null) first, then the records. optionValue is named
 * because without it PrimeReact hands over the whole "none" option, its value being null.
 */
export function OptionalDropdown({
  inputId,
  value,
  noneLabel,
  choices,
  loading,
  onChange,
  testId,
}: {
  inputId: string;
  value: number | null;
  noneLabel: string;
  choices: readonly OptionalChoice[];
  loading?: boolean;
  onChange: (value: number | null) => void;
  testId?: string;
}) {
  return (
    <Dropdown
      inputId={inputId}
      value={value}
      options={[{ value: null, label: noneLabel }, ...choices]}
      optionValue="value"
      onChange={(e) => onChange((e.value as number | null | undefined) ?? null)}
      loading={loading}
      className="w-full"
      data-testid={testId}
    />
  );
}

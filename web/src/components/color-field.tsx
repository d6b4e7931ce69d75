/**
 * A colour input: the browser's colour picker beside the hex text, both editing the same value (queues, tags and
 * every other form with a colour). The picker shows a neutral grey while the text is not a valid hex colour.
 */
import { InputText } from 'primereact/inputtext';
import { fieldA11y } from './form-field.tsx';
import './color-field.css';

const HEX = /^#[0-9a-f]{6}$/i;
export const NEUTRAL_COLOR = '#7c7c7c';

export function ColorField({
  id,
  value,
  onChange,
  error,
  pickerLabel,
  pickerTestId,
}: {
  /** the text input's id (the FormField's) */
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  pickerLabel: string;
  pickerTestId?: string;
}) {
  return (
    <div className="color-field">
      <input
        type="color"
        className="color-field__swatch"
        aria-label={pickerLabel}
        value={HEX.test(value) ? value : NEUTRAL_COLOR}
        onChange={(e) => onChange(e.target.value)}
        data-testid={pickerTestId}
      />
      <InputText
        {...fieldA11y(id, error)}
        autoComplete="off"
        invalid={Boolean(error)}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

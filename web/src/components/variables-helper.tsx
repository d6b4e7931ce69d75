import { variableToken } from '@switchboard/shared/message-variables';
import { useTranslation } from 'react-i18next';
import { insertToken } from '../lib/variable-insert.ts';
import './variables-helper.css';

/**
 * The variables a message may carry, under the field where it is typed: each one, picked, goes into the text at
 * the caret in the one documented syntax (`{{name}}`). The field is found by its id, so any input or textarea works.
 */
export function VariablesHelper({
  targetId,
  value,
  onChange,
  variables,
  disabled,
}: {
  targetId: string;
  value: string;
  onChange: (value: string) => void;
  variables: readonly string[];
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const insert = (key: string) => {
    const field = document.getElementById(targetId) as HTMLTextAreaElement | HTMLInputElement | null;
    const { text, caret } = insertToken(value, variableToken(key), field?.selectionStart, field?.selectionEnd);
    onChange(text);
    // after React has written the new text, the caret goes right after the variable
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(caret, caret);
    });
  };
  return (
    <div className="variables-helper" role="group" aria-label={t('variables.label')} data-testid={`${targetId}-variables`}>
      <span className="variables-helper__label">{t('variables.label')}:</span>
      {variables.map((key) => (
        <button
          key={key}
          type="button"
          className="variables-helper__chip"
          disabled={disabled}
          title={t(`variables.names.${key}`, { defaultValue: key })}
          aria-label={`${variableToken(key)} ${t(`variables.names.${key}`, { defaultValue: key })}`}
          onClick={() => insert(key)}
        >
          {variableToken(key)}
        </button>
      ))}
    </div>
  );
}

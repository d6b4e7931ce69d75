import { phraseMatchTypes, type PhraseMatchType } from '@switchboard/shared/contracts/flow-campaigns';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { newPhraseRow, type PhraseRow } from '../utils/flow-campaign-form.ts';

/** The campaign's phrases: one row each (its text and how it is compared), rows added and removed. */
export function PhrasesEditor({
  value,
  onChange,
  error,
}: {
  value: PhraseRow[];
  onChange: (rows: PhraseRow[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const types = phraseMatchTypes.map((type) => ({ value: type, label: t(`flowCampaigns.dialog.${type}`) }));
  const change = (key: number, patch: Partial<PhraseRow>) => onChange(value.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <fieldset
      className="phrases-editor"
      aria-describedby={error ? 'flow-campaign-phrases-error' : 'flow-campaign-phrases-hint'}
      data-testid="flow-campaign-phrases"
    >
      <legend>{t('flowCampaigns.dialog.phrases')}</legend>
      {value.map((row, i) => (
        <div className="phrases-editor__row" key={row.key}>
          <InputText
            value={row.text}
            onChange={(e) => change(row.key, { text: e.target.value })}
            placeholder={t('flowCampaigns.dialog.phrasePlaceholder')}
            aria-label={t('flowCampaigns.dialog.phrase', { n: i + 1 })}
            invalid={Boolean(error) && !row.text.trim()}
            maxLength={200}
            autoComplete="off"
            data-testid={`flow-campaign-phrase-${i}`}
          />
          <Dropdown
            value={row.type}
            options={types}
            onChange={(e) => change(row.key, { type: e.value as PhraseMatchType })}
            aria-label={t('flowCampaigns.dialog.matchType', { n: i + 1 })}
            className="phrases-editor__type"
            data-testid={`flow-campaign-phrase-type-${i}`}
          />
          <Button
            type="button"
            icon="pi pi-times"
            text
            rounded
            severity="secondary"
            aria-label={t('flowCampaigns.dialog.removePhrase', { n: i + 1 })}
            disabled={value.length === 1}
            onClick={() => onChange(value.filter((r) => r.key !== row.key))}
            data-testid={`flow-campaign-phrase-remove-${i}`}
          />
        </div>
      ))}
      <Button
        type="button"
        icon="pi pi-plus"
        label={t('flowCampaigns.dialog.addPhrase')}
        text
        size="small"
        onClick={() => onChange([...value, newPhraseRow()])}
        data-testid="flow-campaign-phrase-add"
      />
      {error ? (
        <small id="flow-campaign-phrases-error" className="form-field__error" role="alert">
          {t(error)}
        </small>
      ) : (
        <small id="flow-campaign-phrases-hint" className="form-field__hint">
          {t('flowCampaigns.dialog.phrasesHint')}
        </small>
      )}
    </fieldset>
  );
}

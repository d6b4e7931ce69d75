import {
  confirmationFields,
  messageFields,
  type ConfirmationField,
  type MessageField,
} from '@switchboard/shared/contracts/campaigns';
import { InputTextarea } from 'primereact/inputtextarea';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { TabStrip, tabId } from '../../../components/tab-strip.tsx';
import { VariablesHelper } from '../../../components/variables-helper.tsx';
import type { CampaignFormErrors, CampaignFormValues } from '../utils/campaign-form.ts';

export type CampaignTextField = MessageField | ConfirmationField;

/** The campaign's texts, one tab each: the messages, and the confirmation's when the campaign asks for one. */
export function CampaignTexts({
  values,
  errors,
  tab,
  onTab,
  onText,
  variables,
  disabled,
}: {
  values: CampaignFormValues;
  errors: CampaignFormErrors;
  tab: CampaignTextField;
  onTab: (tab: CampaignTextField) => void;
  onText: (field: CampaignTextField, text: string) => void;
  variables: string[];
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const tabs = useMemo<CampaignTextField[]>(
    () => (values.confirmation ? [...messageFields, ...confirmationFields] : [...messageFields]),
    [values.confirmation],
  );
  const shownTab: CampaignTextField = tabs.includes(tab) ? tab : 'message1';
  const tabLabel = (f: CampaignTextField) =>
    (messageFields as readonly string[]).includes(f)
      ? t('campaigns.dialog.messageTab', { n: f.slice(-1) })
      : t('campaigns.dialog.confirmationTab', { n: f.slice(-1) });
  return (
    <div className="campaign-form__texts">
      <TabStrip
        tabs={tabs}
        active={shownTab}
        onChange={onTab}
        label={t('campaigns.dialog.textsLabel')}
        labelOf={tabLabel}
        idPrefix="campaign-tab"
        panelId="campaign-text-panel"
        className="campaign-form__tabs"
        extra={(f) =>
          errors[f] ? (
            <i className="pi pi-exclamation-circle campaign-form__tab-error" aria-label={t('campaigns.dialog.tabHasError')} />
          ) : null
        }
      />
      <div
        id="campaign-text-panel"
        role="tabpanel"
        aria-labelledby={tabId('campaign-tab', shownTab)}
        className="campaign-form__panel"
      >
        <FormField
          id={`campaign-${shownTab}`}
          label={tabLabel(shownTab)}
          error={errors[shownTab]}
          hint={t('campaigns.dialog.variablesHint')}
        >
          <InputTextarea
            {...fieldA11y(`campaign-${shownTab}`, errors[shownTab])}
            key={shownTab}
            rows={5}
            autoResize
            value={values[shownTab]}
            disabled={disabled}
            invalid={Boolean(errors[shownTab])}
            onChange={(e) => onText(shownTab, e.target.value)}
            data-testid="campaign-text"
          />
          <VariablesHelper
            targetId={`campaign-${shownTab}`}
            value={values[shownTab]}
            onChange={(v) => onText(shownTab, v)}
            variables={variables}
            disabled={disabled}
          />
        </FormField>
      </div>
    </div>
  );
}

import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import type { useConnectionTemplates } from '../api/get-connection-templates.ts';
import {
  paramFor,
  paramSourceOf,
  withTemplate,
  type CampaignFormErrors,
  type CampaignFormValues,
} from '../utils/campaign-form.ts';

/**
 * A Cloud API connection's approved template for the campaign, with its text shown and each of its parameters filled
 * from a variable or a fixed text.
 */
export function CampaignTemplateFields({
  values,
  errors,
  apply,
  templates,
  variableKeys,
  disabled,
}: {
  values: CampaignFormValues;
  errors: CampaignFormErrors;
  apply: (next: CampaignFormValues) => void;
  templates: ReturnType<typeof useConnectionTemplates>;
  variableKeys: string[];
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const chosenTemplate = templates.data?.find(
    (x) => x.name === values.template?.name && x.language === values.template?.language,
  );
  return (
    <div className="campaign-form__template" data-testid="campaign-template-section">
      <FormField
        id="campaign-template"
        label={t('campaigns.dialog.template')}
        error={errors.template}
        hint={t('campaigns.dialog.templateHint')}
      >
        <Dropdown
          inputId="campaign-template"
          value={values.template ? `${values.template.name}|${values.template.language}` : null}
          options={(templates.data ?? []).map((x) => ({
            value: `${x.name}|${x.language}`,
            label: `${x.name} (${x.language})`,
          }))}
          onChange={(e) => {
            const found = templates.data?.find((x) => `${x.name}|${x.language}` === e.value);
            apply(withTemplate(values, found ?? null));
          }}
          placeholder={t('campaigns.dialog.noTemplate')}
          showClear
          emptyMessage={
            templates.isLoading
              ? t('common.loading')
              : templates.isError
                ? t('campaigns.dialog.templatesFailed')
                : t('campaigns.dialog.noTemplates')
          }
          disabled={disabled}
          appendTo={document.body}
          className="w-full"
          data-testid="campaign-template"
        />
      </FormField>
      {chosenTemplate ? <p className="campaign-form__template-body">{chosenTemplate.body}</p> : null}
      {chosenTemplate?.header ? <p className="campaign-form__template-body">{chosenTemplate.header}</p> : null}
      {(['headerParams', 'params'] as const).flatMap((part) =>
        (values.template?.[part] ?? []).map((p, i) => {
          const id = `campaign-template-${part}-${i}`;
          const source = paramSourceOf(p, variableKeys);
          const change = (next: string) =>
            apply({
              ...values,
              template: { ...values.template!, [part]: values.template![part].map((x, j) => (j === i ? next : x)) },
            });
          return (
            <FormField
              key={id}
              id={id}
              label={t(part === 'params' ? 'campaigns.dialog.templateParam' : 'campaigns.dialog.templateHeaderParam', {
                n: i + 1,
              })}
            >
              <div className="campaign-form__row">
                <Dropdown
                  value={source.kind === 'variable' ? source.key : ''}
                  options={[
                    { value: '', label: t('campaigns.dialog.fixedText') },
                    ...variableKeys.map((k) => ({ value: k, label: `{${k}}` })),
                  ]}
                  onChange={(e) =>
                    change(paramFor(e.value ? { kind: 'variable', key: String(e.value) } : { kind: 'text' }, p, variableKeys))
                  }
                  disabled={disabled}
                  appendTo={document.body}
                  aria-label={t('campaigns.dialog.paramSource')}
                  data-testid={`${id}-source`}
                />
                {source.kind === 'text' ? (
                  <InputText id={id} value={p} disabled={disabled} onChange={(e) => change(e.target.value)} />
                ) : null}
              </div>
            </FormField>
          );
        }),
      )}
    </div>
  );
}

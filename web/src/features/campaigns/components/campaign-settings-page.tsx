import {
  GREATER_INTERVAL_OPTIONS,
  LONGER_INTERVAL_AFTER_OPTIONS,
  MESSAGE_INTERVAL_OPTIONS,
} from '@switchboard/shared/contracts/campaigns';
import { variableToken } from '@switchboard/shared/message-variables';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCampaignSettings } from '../api/get-campaign-settings.ts';
import { useSaveCampaignSettings } from '../api/save-campaign-settings.ts';
import { useCampaignSettingsLiveUpdates } from '../hooks/use-campaigns-live-updates.ts';
import {
  parseWords,
  placeholderOf,
  serverSettingsErrors,
  settingsBodyOf,
  settingsFormOf,
  validateSettingsForm,
  type SettingsFormErrors,
  type SettingsFormValues,
} from '../utils/campaign-settings-form.ts';
import { useCompanySetting } from '../../../lib/company-setting.ts';
import { CampaignsGate } from './campaigns-gate.tsx';
import './campaigns.css';
import { TextAreaField } from '../../../components/textarea-field.tsx';

/** /campaigns-config (spec document 3 "Campaign settings"): pacing, sending hours and days, variables, opt-out and caps. */
export function CampaignSettingsPage() {
  return (
    <CampaignsGate>
      <SettingsForm />
    </CampaignsGate>
  );
}

const secondsOptions = (options: readonly number[], label: (n: number) => string) =>
  options.map((n) => ({ value: n, label: label(n) }));

function SettingsForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const user = useCurrentUser();
  useDocumentTitle(t('campaigns.settings.title'));
  const settings = useCampaignSettings();
  const save = useSaveCampaignSettings();
  // sending hours are the company's local time, whatever the browser's zone
  const zone = useCompanySetting('timeZone') ?? '';
  const zoneHint = zone ? t('common.inTimeZone', { zone }) : undefined;
  const [values, setValues] = useState<SettingsFormValues | null>(null);
  const [words, setWords] = useState('');
  const [errors, setErrors] = useState<SettingsFormErrors>({});
  const [touched, setTouched] = useState(false);
  const dirty = useRef(false);

  // the saved settings fill the form, and settings saved elsewhere replace it while nothing is being changed here
  useEffect(() => {
    if (!settings.data || dirty.current) return;
    const form = settingsFormOf(settings.data);
    setValues(form);
    setWords(form.optOutWords.join(', '));
  }, [settings.data]);
  useCampaignSettingsLiveUpdates(user.companyId);

  if (!values) {
    return (
      <section className="page campaign-settings-page" data-testid="campaign-settings-page">
        <PageHeader title={t('campaigns.settings.title')} subtitle={t('campaigns.settings.subtitle')} />
        <div className="surface-panel campaign-settings-panel">{t('common.loading')}</div>
      </section>
    );
  }

  const apply = (next: SettingsFormValues) => {
    dirty.current = true;
    setValues(next);
    if (touched) setErrors(validateSettingsForm(next));
  };
  const set = <K extends keyof SettingsFormValues>(field: K, value: SettingsFormValues[K]) =>
    apply({ ...values, [field]: value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const found = validateSettingsForm(values);
    setTouched(true);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(settingsBodyOf(values), {
      onSuccess: (saved) => {
        dirty.current = false;
        setTouched(false);
        const form = settingsFormOf(saved);
        setValues(form);
        setWords(form.optOutWords.join(', '));
        toast.success(t('campaigns.settings.saved'));
      },
      onError: (error) => {
        if (isApiError(error)) setErrors(serverSettingsErrors(error.body.fields));
        toast.error(error);
      },
    });
  };

  const err = (field: string) => errors[field];
  const secondsLabel = (n: number) =>
    n === 0 ? t('campaigns.settings.noInterval') : t('campaigns.settings.seconds', { count: n });

  return (
    <section className="page campaign-settings-page" data-testid="campaign-settings-page">
      <PageHeader title={t('campaigns.settings.title')} subtitle={t('campaigns.settings.subtitle')} />
      <form className="surface-panel campaign-settings-panel" onSubmit={submit} noValidate data-testid="campaign-settings-form">
        {settings.isError ? (
          <p className="campaign-settings__note" role="status">
            {t('campaigns.settings.loadFailed')}
          </p>
        ) : null}
        <h2 className="campaign-settings__heading">{t('campaigns.settings.pacing')}</h2>
        <div className="campaign-settings__grid">
          <FormField
            id="campaign-settings-interval"
            label={t('campaigns.settings.messageInterval')}
            error={err('messageInterval')}
          >
            <Dropdown
              inputId="campaign-settings-interval"
              value={values.messageInterval}
              options={secondsOptions(MESSAGE_INTERVAL_OPTIONS, secondsLabel)}
              onChange={(e) => set('messageInterval', e.value as number)}
              className="w-full"
              data-testid="campaign-settings-interval"
            />
          </FormField>
          <FormField
            id="campaign-settings-after"
            label={t('campaigns.settings.longerIntervalAfter')}
            error={err('longerIntervalAfter')}
          >
            <Dropdown
              inputId="campaign-settings-after"
              value={values.longerIntervalAfter}
              options={LONGER_INTERVAL_AFTER_OPTIONS.map((n) => ({
                value: n,
                label: n === 0 ? t('campaigns.settings.notUsed') : t('campaigns.settings.messages', { count: n }),
              }))}
              onChange={(e) => set('longerIntervalAfter', e.value as number)}
              className="w-full"
            />
          </FormField>
          <FormField
            id="campaign-settings-greater"
            label={t('campaigns.settings.greaterInterval')}
            error={err('greaterInterval')}
          >
            <Dropdown
              inputId="campaign-settings-greater"
              value={values.greaterInterval}
              options={secondsOptions(GREATER_INTERVAL_OPTIONS, secondsLabel)}
              onChange={(e) => set('greaterInterval', e.value as number)}
              className="w-full"
            />
          </FormField>
        </div>
        <h2 className="campaign-settings__heading">{t('campaigns.settings.when')}</h2>
        <div className="campaign-settings__grid">
          <FormField
            id="campaign-settings-start"
            label={t('campaigns.settings.startHour')}
            error={err('startHour')}
            hint={zoneHint}
          >
            <InputText
              {...fieldA11y('campaign-settings-start', err('startHour'))}
              type="time"
              value={values.startHour}
              invalid={Boolean(err('startHour'))}
              onChange={(e) => set('startHour', e.target.value)}
            />
          </FormField>
          <FormField id="campaign-settings-end" label={t('campaigns.settings.endHour')} error={err('endHour')} hint={zoneHint}>
            <InputText
              {...fieldA11y('campaign-settings-end', err('endHour'))}
              type="time"
              value={values.endHour}
              invalid={Boolean(err('endHour'))}
              onChange={(e) => set('endHour', e.target.value)}
            />
          </FormField>
          <div className="campaign-settings__days">
            <div className="campaign-form__switch">
              <InputSwitch
                inputId="campaign-settings-sabado"
                checked={values.sabado}
                onChange={(e) => set('sabado', Boolean(e.value))}
              />
              <label htmlFor="campaign-settings-sabado">{t('campaigns.settings.sabado')}</label>
            </div>
            <div className="campaign-form__switch">
              <InputSwitch
                inputId="campaign-settings-domingo"
                checked={values.domingo}
                onChange={(e) => set('domingo', Boolean(e.value))}
              />
              <label htmlFor="campaign-settings-domingo">{t('campaigns.settings.domingo')}</label>
            </div>
          </div>
        </div>
        <h2 className="campaign-settings__heading">{t('campaigns.settings.limits')}</h2>
        <div className="campaign-settings__grid">
          <FormField
            id="campaign-settings-daily"
            label={t('campaigns.settings.dailyLimit')}
            error={err('dailyLimit')}
            hint={t('campaigns.settings.dailyLimitHint')}
          >
            <InputNumber
              inputId="campaign-settings-daily"
              value={values.dailyLimit}
              min={0}
              max={100000}
              useGrouping={false}
              onValueChange={(e) => set('dailyLimit', e.value ?? 0)}
              className="w-full"
            />
          </FormField>
          <FormField
            id="campaign-settings-warmup-start"
            label={t('campaigns.settings.warmupStart')}
            error={err('warmupStart')}
            hint={t('campaigns.settings.warmupStartHint')}
          >
            <InputNumber
              inputId="campaign-settings-warmup-start"
              value={values.warmupStart}
              min={0}
              max={100000}
              useGrouping={false}
              onValueChange={(e) => set('warmupStart', e.value ?? 0)}
              className="w-full"
            />
          </FormField>
          <FormField
            id="campaign-settings-warmup-increment"
            label={t('campaigns.settings.warmupIncrement')}
            error={err('warmupIncrement')}
            hint={t('campaigns.settings.warmupIncrementHint')}
          >
            <InputNumber
              inputId="campaign-settings-warmup-increment"
              value={values.warmupIncrement}
              min={0}
              max={100000}
              useGrouping={false}
              disabled={values.warmupStart === 0}
              onValueChange={(e) => set('warmupIncrement', e.value ?? 0)}
              className="w-full"
            />
          </FormField>
        </div>
        <TextAreaField
          id="campaign-settings-opt-out"
          label={t('campaigns.settings.optOutWords')}
          rows={2}
          error={err('optOutWords')}
          hint={t('campaigns.settings.optOutHint')}
          value={words}
          onChange={(value) => {
            setWords(value);
            set('optOutWords', parseWords(value));
          }}
          testId="campaign-settings-opt-out"
        />
        <h2 className="campaign-settings__heading">{t('campaigns.settings.variables')}</h2>
        <p className="campaign-settings__note">
          {t('campaigns.settings.variablesHint', {
            name: variableToken('name'),
            number: variableToken('number'),
            email: variableToken('email'),
            key: variableToken(t('campaigns.settings.variableKey').toLocaleLowerCase()),
          })}
        </p>
        <ul className="campaign-settings__variables" data-testid="campaign-settings-variables">
          {values.variables.map((row, i) => (
            <li key={i} className="campaign-settings__variable">
              <FormField
                id={`campaign-variable-key-${i}`}
                label={t('campaigns.settings.variableKey')}
                error={err(`variables.${i}.key`)}
                hint={row.key.trim() ? placeholderOf(row.key) : undefined}
              >
                <InputText
                  {...fieldA11y(`campaign-variable-key-${i}`, err(`variables.${i}.key`))}
                  value={row.key}
                  maxLength={40}
                  invalid={Boolean(err(`variables.${i}.key`))}
                  onChange={(e) =>
                    set(
                      'variables',
                      values.variables.map((r, j) => (j === i ? { ...r, key: e.target.value } : r)),
                    )
                  }
                />
              </FormField>
              <FormField
                id={`campaign-variable-value-${i}`}
                label={t('campaigns.settings.variableValue')}
                error={err(`variables.${i}.value`)}
              >
                <InputText
                  {...fieldA11y(`campaign-variable-value-${i}`, err(`variables.${i}.value`))}
                  value={row.value}
                  maxLength={1000}
                  onChange={(e) =>
                    set(
                      'variables',
                      values.variables.map((r, j) => (j === i ? { ...r, value: e.target.value } : r)),
                    )
                  }
                />
              </FormField>
              <Button
                type="button"
                icon="pi pi-trash"
                text
                rounded
                severity="danger"
                aria-label={t('campaigns.settings.removeVariable', { key: row.key || i + 1 })}
                onClick={() => apply({ ...values, variables: values.variables.filter((_, j) => j !== i) })}
                data-testid={`campaign-variable-remove-${i}`}
              />
            </li>
          ))}
        </ul>
        <div className="campaign-settings__actions">
          <Button
            type="button"
            outlined
            icon="pi pi-plus"
            label={t('campaigns.settings.addVariable')}
            disabled={values.variables.length >= 50}
            onClick={() => set('variables', [...values.variables, { key: '', value: '' }])}
            data-testid="campaign-variable-add"
          />
          <Button
            type="submit"
            icon="pi pi-check"
            label={t('campaigns.settings.save')}
            loading={save.isPending}
            data-testid="campaign-settings-save"
          />
        </div>
      </form>
    </section>
  );
}

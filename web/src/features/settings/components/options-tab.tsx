import { companyOptionChoices, TIME_ZONE_OPTION, type CompanyOptionKey } from '@switchboard/shared/company-options';
import type { CompanySettings } from '@switchboard/shared/contracts/settings';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useUpdateCompanySetting } from '../api/update-company-setting.ts';
import { useUpdateSettings } from '../api/update-settings.ts';
import {
  customMessages,
  isDirty,
  LGPD_SWITCH,
  lgpdOptions,
  lgpdTexts,
  messagePatch,
  onSelect,
  optionGroups,
  viewOf,
  withoutDraft,
  type Drafts,
} from '../utils/settings-form.ts';
import { zoneOptions } from '../utils/time-zones.ts';

const fieldId = (key: CompanyOptionKey) => `setting-${key}`;

/** The i18n key of a choice's label. */
const choiceLabel = (key: CompanyOptionKey, value: string) =>
  key === 'scheduleType'
    ? `settings.scheduleTypes.${value}`
    : key === 'chatBotType'
      ? `settings.chatBotTypes.${value}`
      : `settings.values.${value}`;

/** Fields a 400 names (`body.lgpdMessage`, `lgpdMessage`, `body.data` for the column itself). */
const fieldKeys = (error: unknown, column?: CompanyOptionKey): CompanyOptionKey[] => {
  if (!(error instanceof ApiError)) return [];
  const fields = (error.body as { fields?: { path: string }[] } | undefined)?.fields ?? [];
  return fields.map((f) => {
    const last = f.path.split('.').pop()!;
    return (last === 'data' || last === 'value') && column ? column : (last as CompanyOptionKey);
  });
};

/**
 * The options tab: selects that save their column as soon as they change (with a success toast, as the reference
 * client does); the LGPD section, whose fields show while it is on; and the custom messages, each shown while
 * its option is on and required then: an option turned on without its message waits until the message is saved.
 */
export function OptionsTab({ saved, isSuper }: { saved: CompanySettings; isSuper: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const column = useUpdateCompanySetting();
  const many = useUpdateSettings();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [errors, setErrors] = useState<Partial<Record<CompanyOptionKey, string>>>({});
  const [focus, setFocus] = useState<CompanyOptionKey | null>(null);
  const view = viewOf(saved, drafts);

  useEffect(() => {
    if (!focus) return;
    document.getElementById(fieldId(focus))?.focus();
    setFocus(null);
  }, [focus]);

  const select = (key: CompanyOptionKey, value: string) => {
    const outcome = onSelect(saved, drafts, key, value);
    if (outcome.kind === 'needsMessage') {
      setDrafts({ ...drafts, [key]: value });
      setErrors({ ...errors, [outcome.message]: 'settings.messageRequired' });
      setFocus(outcome.message);
      return;
    }
    setDrafts(withoutDraft(drafts, key));
    column.mutate(
      { column: outcome.column, data: outcome.data },
      {
        onSuccess: () => toast.success(t('settings.toasts.saved')),
        onError: (error) => {
          const named = fieldKeys(error, key).filter((k) => k !== key);
          if (named.length) setErrors({ ...errors, ...Object.fromEntries(named.map((k) => [k, 'settings.messageRequired'])) });
          toast.error(error);
        },
      },
    );
  };

  const saveMessage = (message: CompanyOptionKey) => {
    const result = messagePatch(saved, drafts, message);
    if ('error' in result) {
      setErrors({ ...errors, [message]: 'settings.messageRequired' });
      setFocus(message);
      return;
    }
    many.mutate(result.patch, {
      onSuccess: () => {
        setDrafts(withoutDraft(drafts, ...(Object.keys(result.patch) as CompanyOptionKey[])));
        setErrors({ ...errors, [message]: undefined });
        toast.success(t('settings.toasts.saved'));
      },
      onError: (error) => {
        const named = fieldKeys(error);
        if (named.length) setErrors({ ...errors, ...Object.fromEntries(named.map((k) => [k, 'settings.messageRequired'])) });
        toast.error(error);
      },
    });
  };

  const selectField = (key: CompanyOptionKey) => {
    const options = (companyOptionChoices[key] ?? []).map((value) => ({ value, label: t(choiceLabel(key, value)) }));
    const waiting = drafts[key] !== undefined;
    return (
      <FormField
        key={key}
        id={fieldId(key)}
        label={t(`settings.options.${key}`)}
        hint={waiting ? t('settings.pendingOption') : undefined}
      >
        <Dropdown
          inputId={fieldId(key)}
          value={view[key]}
          options={options}
          onChange={(e) => select(key, e.value as string)}
          data-testid={fieldId(key)}
        />
      </FormField>
    );
  };

  // the company's zone (the server fills in its default), searchable among the browser's IANA zones
  const zones = useMemo(() => zoneOptions(saved.timeZone, new Date()), [saved.timeZone]);
  const zoneField = () => (
    <div className="settings-zone">
      <FormField id={fieldId(TIME_ZONE_OPTION)} label={t('settings.options.timeZone')} hint={t('settings.timeZoneHint')}>
        <Dropdown
          inputId={fieldId(TIME_ZONE_OPTION)}
          value={view.timeZone}
          options={zones}
          filter
          filterPlaceholder={t('settings.timeZoneSearch')}
          filterInputAutoFocus
          resetFilterOnHide
          virtualScrollerOptions={{ itemSize: 40 }}
          onChange={(e) => select(TIME_ZONE_OPTION, e.value as string)}
          data-testid={fieldId(TIME_ZONE_OPTION)}
        />
      </FormField>
    </div>
  );

  const textField = (key: CompanyOptionKey, multiline: boolean) => {
    const error = errors[key];
    const label = t(`settings.messages.${key}`);
    const change = (value: string) => {
      setDrafts({ ...drafts, [key]: value });
      if (error && value.trim()) setErrors({ ...errors, [key]: undefined });
    };
    return (
      <div key={key} className="settings-message-field">
        <FormField id={fieldId(key)} label={label} error={error}>
          {multiline ? (
            <InputTextarea
              {...fieldA11y(fieldId(key), error)}
              rows={3}
              autoResize
              invalid={Boolean(error)}
              value={view[key]}
              onChange={(e) => change(e.target.value)}
              data-testid={fieldId(key)}
            />
          ) : (
            <InputText
              {...fieldA11y(fieldId(key), error)}
              type="url"
              invalid={Boolean(error)}
              value={view[key]}
              onChange={(e) => change(e.target.value)}
              data-testid={fieldId(key)}
            />
          )}
        </FormField>
        <Button
          type="button"
          size="small"
          icon="pi pi-check"
          label={t('settings.saveMessage')}
          aria-label={t('settings.saveMessageOf', { name: label })}
          disabled={!isDirty(saved, drafts, key) || many.isPending}
          onClick={() => saveMessage(key)}
          data-testid={`${fieldId(key)}-save`}
        />
      </div>
    );
  };

  const shownMessages = customMessages.filter(({ option }) => view[option] === 'enabled');
  const lgpdOn = view[LGPD_SWITCH] === 'enabled';

  return (
    <div className="settings-options" data-testid="settings-options">
      {optionGroups
        .filter((g) => !g.superOnly || isSuper)
        .map((group) => (
          <section key={group.key} className="surface-panel settings-section" aria-labelledby={`settings-group-${group.key}`}>
            <h2 id={`settings-group-${group.key}`} className="settings-section__title">
              {t(`settings.groups.${group.key}`)}
            </h2>
            <div className="settings-grid">
              {group.options.map(selectField)}
              {group.key === 'service' ? zoneField() : null}
            </div>
          </section>
        ))}
      <section className="surface-panel settings-section" aria-labelledby="settings-group-lgpd" data-testid="settings-lgpd">
        <h2 id="settings-group-lgpd" className="settings-section__title">
          {t('settings.groups.lgpd')}
        </h2>
        <p className="settings-section__hint">{t('settings.lgpdHint')}</p>
        <div className="settings-grid">
          {selectField(LGPD_SWITCH)}
          {lgpdOn ? lgpdOptions.map(selectField) : null}
        </div>
        {lgpdOn ? <div className="settings-messages">{lgpdTexts.map((key) => textField(key, key === 'lgpdMessage'))}</div> : null}
      </section>
      <section
        className="surface-panel settings-section"
        aria-labelledby="settings-group-custom"
        data-testid="settings-custom-messages"
      >
        <h2 id="settings-group-custom" className="settings-section__title">
          {t('settings.groups.customMessages')}
        </h2>
        <p className="settings-section__hint">{t('settings.customMessagesHint')}</p>
        <div className="settings-messages">{shownMessages.map(({ message }) => textField(message, true))}</div>
      </section>
    </div>
  );
}

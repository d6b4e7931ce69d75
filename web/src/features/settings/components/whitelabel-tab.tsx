import { acceptAttribute } from '@switchboard/shared/media-types';
import { logoModes, logoSettingOf, type LogoMode } from '@switchboard/shared/contracts/settings';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useToast } from '../../../lib/toast.tsx';
import { serverErrorsOf, type FieldErrors } from '../utils/platform-forms.ts';
import { useSaveWhitelabel, useUploadLogo, useWhitelabel } from '../api/whitelabel.ts';
import './platform.css';

const HEX = /^#[0-9a-fA-F]{6}$/;
const logoLabel: Record<LogoMode, string> = { Light: 'logoLight', Dark: 'logoDark', Favicon: 'logoFavicon' };

/** The white-label editor (super user): name, light and dark primary colours, and a logo per mode. */
export function WhitelabelTab() {
  const { t } = useTranslation();
  const toast = useToast();
  const current = useWhitelabel();
  const save = useSaveWhitelabel();
  const [form, setForm] = useState({ appName: '', primaryColorLight: '#0000FF', primaryColorDark: '#39ACE7' });
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (current.data)
      setForm({
        appName: current.data.appName ?? '',
        primaryColorLight: current.data.primaryColorLight ?? '#0000FF',
        primaryColorDark: current.data.primaryColorDark ?? '#39ACE7',
      });
  }, [current.data]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems: FieldErrors = {};
    if (!HEX.test(form.primaryColorLight)) problems.primaryColorLight = 'platform.validation.invalidColour';
    if (!HEX.test(form.primaryColorDark)) problems.primaryColorDark = 'platform.validation.invalidColour';
    if (form.appName.length > 50) problems.appName = 'platform.validation.tooLong';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    save.mutate(form, {
      onSuccess: () => toast.success(t('platform.updated')),
      onError: (error) =>
        error instanceof ApiError && error.body.fields ? setErrors(serverErrorsOf(error.body.fields)) : toast.error(error),
    });
  };

  const colour = (field: 'primaryColorLight' | 'primaryColorDark', label: string) => (
    <FormField id={`whitelabel-${field}`} label={label} error={errors[field]}>
      <div className="whitelabel-logo">
        <input
          type="color"
          aria-label={label}
          value={HEX.test(form[field]) ? form[field] : '#000000'}
          onChange={(e) => setForm({ ...form, [field]: e.target.value.toUpperCase() })}
        />
        <InputText
          {...fieldA11y(`whitelabel-${field}`, errors[field])}
          value={form[field]}
          onChange={(e) => setForm({ ...form, [field]: e.target.value })}
          data-testid={`whitelabel-${field}`}
        />
      </div>
    </FormField>
  );

  return (
    <section className="surface-panel whitelabel-panel" data-testid="whitelabel-tab">
      <h2>{t('platform.whitelabel.title')}</h2>
      <form className="whitelabel-form" onSubmit={submit} noValidate>
        <FormField
          id="whitelabel-appName"
          label={t('platform.whitelabel.appName')}
          error={errors.appName}
          hint={t('platform.whitelabel.appNameHint')}
        >
          <InputText
            {...fieldA11y('whitelabel-appName', errors.appName)}
            value={form.appName}
            onChange={(e) => setForm({ ...form, appName: e.target.value })}
            data-testid="whitelabel-appName"
          />
        </FormField>
        {colour('primaryColorLight', t('platform.whitelabel.colorLight'))}
        {colour('primaryColorDark', t('platform.whitelabel.colorDark'))}
        <div>
          <Button
            type="submit"
            icon="pi pi-check"
            label={t('platform.whitelabel.save')}
            loading={save.isPending}
            data-testid="whitelabel-save"
          />
        </div>
      </form>
      <h3>{t('platform.whitelabel.logos')}</h3>
      {logoModes.map((mode) => (
        <LogoRow
          key={mode}
          mode={mode}
          label={t(`platform.whitelabel.${logoLabel[mode]}`)}
          url={current.data?.[logoSettingOf[mode]] ?? null}
        />
      ))}
    </section>
  );
}

function LogoRow({ mode, label, url }: { mode: LogoMode; label: string; url: string | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const upload = useUploadLogo();
  const input = useRef<HTMLInputElement>(null);
  const id = `whitelabel-logo-${mode.toLowerCase()}`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <div className="whitelabel-logo">
        {url ? <img src={url} alt={label} /> : <span>{t('platform.whitelabel.noLogo')}</span>}
        <input
          ref={input}
          id={id}
          type="file"
          className="sr-only"
          accept={acceptAttribute('brandLogo')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file)
              upload.mutate(
                { mode, file },
                { onSuccess: () => toast.success(t('platform.whitelabel.uploaded')), onError: (error) => toast.error(error) },
              );
          }}
          data-testid={id}
        />
        <Button
          type="button"
          outlined
          icon="pi pi-upload"
          label={t('platform.whitelabel.upload')}
          aria-label={`${t('platform.whitelabel.upload')}: ${label}`}
          loading={upload.isPending}
          onClick={() => input.current?.click()}
        />
      </div>
    </div>
  );
}

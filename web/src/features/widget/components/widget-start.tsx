import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { useCreateVisitor } from '../api/create-visitor.ts';
import { isWidgetHttpError } from '../api/widget-fetch.ts';
import { validateVisitor, visitorBodyOf, type VisitorFormErrors, type VisitorFormValues } from '../utils/visitor-form.ts';
import type { StoredVisitor } from '../utils/visitor-storage.ts';

/** The first screen: who is writing (name required, e-mail and phone optional), then the conversation starts. */
export function WidgetStart({
  chatToken,
  greeting,
  expired,
  onStarted,
}: {
  chatToken: string;
  greeting: string;
  expired: boolean;
  onStarted: (visitor: StoredVisitor) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateVisitor();
  const [values, setValues] = useState<VisitorFormValues>({ name: '', email: '', phone: '' });
  const [errors, setErrors] = useState<VisitorFormErrors>({});
  const [touched, setTouched] = useState(false);

  const change = (field: keyof VisitorFormValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (touched) setErrors(validateVisitor(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const found = validateVisitor(values);
    setTouched(true);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    create.mutate(
      { chatToken, body: visitorBodyOf(values) },
      { onSuccess: (session) => onStarted({ visitorToken: session.visitorToken, name: session.name }) },
    );
  };

  const failure = create.error
    ? isWidgetHttpError(create.error) && create.error.status === 429
      ? t('widget.slowDown')
      : isWidgetHttpError(create.error) && create.error.status === 0
        ? t('widget.offline')
        : t('widget.start.failed')
    : null;

  return (
    <div className="widget-start">
      {greeting.trim() ? (
        <div className="widget-bubble widget-bubble--company widget-start__greeting" data-testid="widget-greeting">
          {greeting}
        </div>
      ) : null}
      <p className="widget-start__intro">{t('widget.start.intro')}</p>
      {expired ? <Message severity="info" text={t('widget.start.expired')} className="widget-start__message" /> : null}
      <form className="widget-start__form" onSubmit={submit} noValidate>
        <FormField id="widget-name" label={t('widget.start.name')} error={errors.name}>
          <InputText
            {...fieldA11y('widget-name', errors.name)}
            autoComplete="name"
            invalid={Boolean(errors.name)}
            value={values.name}
            maxLength={80}
            onChange={(e) => change('name', e.target.value)}
          />
        </FormField>
        <FormField id="widget-email" label={t('widget.start.email')} error={errors.email} hint={t('widget.start.optional')}>
          <InputText
            {...fieldA11y('widget-email', errors.email)}
            type="email"
            autoComplete="email"
            invalid={Boolean(errors.email)}
            value={values.email}
            onChange={(e) => change('email', e.target.value)}
          />
        </FormField>
        <FormField id="widget-phone" label={t('widget.start.phone')} error={errors.phone} hint={t('widget.start.optional')}>
          <InputText
            {...fieldA11y('widget-phone', errors.phone)}
            type="tel"
            autoComplete="tel"
            invalid={Boolean(errors.phone)}
            value={values.phone}
            onChange={(e) => change('phone', e.target.value)}
          />
        </FormField>
        {failure ? <Message severity="error" text={failure} className="widget-start__message" /> : null}
        <Button
          type="submit"
          label={t('widget.start.submit')}
          icon="pi pi-send"
          iconPos="right"
          loading={create.isPending}
          className="widget-button"
          data-testid="widget-start"
        />
      </form>
    </div>
  );
}

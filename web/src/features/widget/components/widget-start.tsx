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

/** The visitor's fields, in order: the name is required, the e-mail and phone optional. */
const visitorFields: {
  key: keyof VisitorFormValues;
  type?: 'email' | 'tel';
  autoComplete: string;
  maxLength?: number;
  optional?: true;
}[] = [
  { key: 'name', autoComplete: 'name', maxLength: 80 },
  { key: 'email', type: 'email', autoComplete: 'email', optional: true },
  { key: 'phone', type: 'tel', autoComplete: 'tel', optional: true },
];

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
        {visitorFields.map(({ key, type, autoComplete, maxLength, optional }) => (
          <FormField
            key={key}
            id={`widget-${key}`}
            label={t(`widget.start.${key}`)}
            error={errors[key]}
            hint={optional ? t('widget.start.optional') : undefined}
          >
            <InputText
              {...fieldA11y(`widget-${key}`, errors[key])}
              type={type}
              autoComplete={autoComplete}
              invalid={Boolean(errors[key])}
              value={values[key]}
              maxLength={maxLength}
              onChange={(e) => change(key, e.target.value)}
            />
          </FormField>
        ))}
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

import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { useCheckedForm } from '../hooks/use-checked-form.ts';
import { validateResetRequest } from '../utils/validation.ts';

/** First step of the password reset: mails a link to a known address. */
export function ResetRequestForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const request = useRequestPasswordReset();
  const { values, errors, setErrors, change, submitWith } = useCheckedForm<{ email: string }, 'email'>({ email: '' }, (v) =>
    validateResetRequest(v.email),
  );
  const [sentTo, setSentTo] = useState<string>();
  const input = useRef<HTMLInputElement>(null);

  const submit = submitWith(
    request.isPending,
    () => input.current?.focus(),
    ({ email }) => {
      const address = email.trim().toLowerCase();
      request.mutate(address, {
        onSuccess: (answer) => {
          if (answer.status === 404) {
            setErrors({ email: 'auth.forgot.notFound' });
            toast.errorText(t('auth.forgot.notFound'));
            input.current?.focus();
            return;
          }
          setSentTo(address);
          toast.success(t('auth.forgot.sent'));
        },
        onError: (error) => toast.error(error),
      });
    },
  );

  if (sentTo) {
    return (
      <div className="auth-form" data-testid="reset-mail-sent">
        <Message severity="success" text={t('auth.forgot.sent')} className="auth-form__message" />
        <p className="auth-form__note">{t('auth.forgot.checkInbox', { email: sentTo })}</p>
        <Button
          type="button"
          text
          className="auth-form__secondary"
          label={t('auth.forgot.sendAgain')}
          icon="pi pi-refresh"
          onClick={() => setSentTo(undefined)}
        />
      </div>
    );
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label={t('auth.forgot.title')}>
      <FormField id="forgot-email" label={t('auth.fields.email')} error={errors.email}>
        <InputText
          {...fieldA11y('forgot-email', errors.email)}
          ref={input}
          type="email"
          name="email"
          autoComplete="email"
          autoFocus
          invalid={Boolean(errors.email)}
          value={values.email}
          onChange={(e) => change('email', e.target.value)}
        />
      </FormField>
      <Button
        type="submit"
        label={t('auth.forgot.submit')}
        icon="pi pi-envelope"
        loading={request.isPending}
        className="auth-form__submit"
      />
    </form>
  );
}

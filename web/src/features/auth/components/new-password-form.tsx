import { Button } from 'primereact/button';
import { Password } from 'primereact/password';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FormField } from '../../../components/form-field.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import { useCheckedForm } from '../hooks/use-checked-form.ts';
import { validateNewPassword, type NewPasswordValues } from '../utils/validation.ts';

/** Second step of the password reset, opened from the mailed link. */
export function NewPasswordForm({ email, token }: { email: string; token: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const { values, errors, change, submitWith } = useCheckedForm<NewPasswordValues, keyof NewPasswordValues>(
    { password: '', confirmation: '' },
    validateNewPassword,
  );
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);

  const submit = submitWith(
    reset.isPending,
    (found) => (found.password ? passwordRef : confirmationRef).current?.focus(),
    ({ password }) =>
      reset.mutate(
        { email, token, newPassword: password },
        {
          onSuccess: () => {
            toast.success(t('auth.reset.done'));
            navigate('/login', { replace: true });
          },
          onError: (error) => toast.error(error),
        },
      ),
  );

  const passwordField = (field: keyof NewPasswordValues, ref: typeof passwordRef, autoFocus: boolean) => (
    <FormField id={`reset-${field}`} label={t(`auth.reset.${field}`)} error={errors[field]}>
      <Password
        inputId={`reset-${field}`}
        inputRef={ref}
        name={field}
        autoComplete="new-password"
        autoFocus={autoFocus}
        feedback={false}
        toggleMask
        invalid={Boolean(errors[field])}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `reset-${field}-error` : undefined}
        value={values[field]}
        onChange={(e) => change(field, e.target.value)}
      />
    </FormField>
  );

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label={t('auth.reset.title')}>
      {passwordField('password', passwordRef, true)}
      {passwordField('confirmation', confirmationRef, false)}
      <Button
        type="submit"
        label={t('auth.reset.submit')}
        icon="pi pi-check"
        loading={reset.isPending}
        className="auth-form__submit"
      />
    </form>
  );
}

import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { LeanButton, LeanInputText, LeanPassword } from '../../../components/lean-controls.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useLogin } from '../api/login.ts';
import { usePublicSetting } from '../api/get-public-setting.ts';
import { useSignIn } from '../hooks/use-sign-in.ts';
import { useCheckedForm } from '../hooks/use-checked-form.ts';
import { serverFieldErrors } from '../utils/form-errors.ts';
import { validateLogin, type LoginValues } from '../utils/login-rules.ts';
import { AuthLayout } from './auth-layout.tsx';

/** The first page most visits load, so it is built without PrimeReact and zod. */
export function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.login.title'));
  const toast = useToast();
  const signIn = useSignIn();
  const login = useLogin();
  const allowSignup = usePublicSetting('allowSignup');
  const { values, errors, setErrors, change, submitWith } = useCheckedForm<LoginValues, keyof LoginValues>(
    { email: '', password: '' },
    validateLogin,
  );
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = submitWith(
    login.isPending,
    (found) => (found.email ? emailRef : passwordRef).current?.focus(),
    ({ email, password }) =>
      login.mutate(
        { email: email.trim(), password },
        {
          onSuccess: signIn,
          onError: (error) => {
            if (isApiError(error) && error.status === 400) setErrors(serverFieldErrors(error, ['email', 'password'] as const));
            toast.error(error);
            passwordRef.current?.select();
          },
        },
      ),
  );

  return (
    <AuthLayout
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        allowSignup.data?.value === 'enabled' ? (
          <p>
            {t('auth.login.noAccount')}{' '}
            <Link to="/signup" data-testid="signup-link">
              {t('auth.login.register')}
            </Link>
          </p>
        ) : null
      }
    >
      <form className="auth-form" onSubmit={submit} noValidate aria-label={t('auth.login.title')}>
        <FormField id="login-email" label={t('auth.fields.email')} error={errors.email}>
          <LeanInputText
            {...fieldA11y('login-email', errors.email)}
            ref={emailRef}
            type="email"
            name="email"
            autoComplete="username"
            autoFocus
            invalid={Boolean(errors.email)}
            value={values.email}
            onChange={(e) => change('email', e.target.value)}
          />
        </FormField>
        <FormField id="login-password" label={t('auth.fields.password')} error={errors.password}>
          <LeanPassword
            inputId="login-password"
            inputRef={passwordRef}
            name="password"
            autoComplete="current-password"
            invalid={Boolean(errors.password)}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'login-password-error' : undefined}
            value={values.password}
            onChange={(e) => change('password', e.target.value)}
          />
        </FormField>
        <div className="auth-form__row">
          <Link to="/forgetpsw">{t('auth.login.forgot')}</Link>
        </div>
        <LeanButton
          type="submit"
          label={t('auth.login.submit')}
          icon="pi pi-sign-in"
          loading={login.isPending}
          className="auth-form__submit"
        />
      </form>
    </AuthLayout>
  );
}

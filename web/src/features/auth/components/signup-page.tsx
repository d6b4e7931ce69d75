import type { Plan } from '@switchboard/shared/contracts/plans';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@switchboard/shared/field-rules';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { KitProvider } from '../../../components/kit-provider.tsx';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePlans } from '../api/get-plans.ts';
import { useSignup } from '../api/signup.ts';
import {
  hasErrors,
  serverFieldErrors,
  validateSignup,
  type FieldErrors,
  type SignupField,
  type SignupValues,
} from '../utils/validation.ts';
import { useCheckedForm } from '../hooks/use-checked-form.ts';
import { AuthLayout } from './auth-layout.tsx';

const fieldOrder: readonly SignupField[] = ['name', 'companyName', 'email', 'phone', 'password', 'planId'];

/** The referring company of /signup?companyId=N, when it is a positive integer. */
const referrerOf = (raw: string | null): number | undefined => {
  const n = raw === null ? NaN : Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** Its forms use PrimeReact, so it brings PrimeReact's settings with it. */
export function SignupPage() {
  return (
    <KitProvider>
      <SignupForm />
    </KitProvider>
  );
}

function SignupForm() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.signup.title'));
  const toast = useToast();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const companyId = referrerOf(search.get('companyId'));
  const plans = usePlans();
  const signup = useSignup();
  const { values, errors, setErrors, change, submitWith } = useCheckedForm<SignupValues, SignupField>(
    { name: '', companyName: '', email: '', phone: '', password: '', planId: null },
    validateSignup,
  );
  const form = useRef<HTMLFormElement>(null);

  /** Focuses the first field in error, in the form's order; answers whether there was one. */
  const focusFirstError = (found: FieldErrors<SignupField>): boolean => {
    const field = fieldOrder.find((f) => found[f]);
    if (field === undefined) return false;
    form.current
      ?.querySelector<HTMLElement>(field === 'planId' ? '#signup-planId input, #signup-planId' : `#signup-${field}`)
      ?.focus();
    return true;
  };

  const submit = submitWith(signup.isPending, focusFirstError, (values) =>
    signup.mutate(
      {
        name: values.name.trim(),
        companyName: values.companyName.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        password: values.password,
        planId: values.planId as number,
        ...(companyId ? { companyId } : {}),
      },
      {
        onSuccess: () => {
          toast.success(t('auth.signup.success'));
          navigate('/login', { replace: true });
        },
        onError: (error) => {
          if (isApiError(error)) {
            const fromServer = serverFieldErrors(error, fieldOrder);
            if (error.code === 'ERR_DUPLICATED_EMAIL') fromServer.email = 'errors.ERR_DUPLICATED_EMAIL';
            if (hasErrors(fromServer)) {
              setErrors(fromServer);
              focusFirstError(fromServer);
            }
          }
          toast.error(error);
        },
      },
    ),
  );

  const planOption = (plan: Plan | null) =>
    plan ? (
      <div className="plan-option">
        <span className="plan-option__name">{plan.name}</span>
        <span className="plan-option__details">
          {t('auth.signup.planDetails', { users: plan.users, connections: plan.connections, queues: plan.queues })}
          {' · '}
          {t('auth.signup.planPrice', { amount: plan.amount })}
        </span>
      </div>
    ) : (
      <span>{t('auth.signup.planPlaceholder')}</span>
    );

  const textField = (field: Exclude<SignupField, 'planId' | 'password'>, type: string, autoComplete: string) => (
    <FormField id={`signup-${field}`} label={t(`auth.fields.${field}`)} error={errors[field]}>
      <InputText
        {...fieldA11y(`signup-${field}`, errors[field])}
        type={type}
        name={field}
        autoComplete={autoComplete}
        invalid={Boolean(errors[field])}
        value={values[field]}
        onChange={(e) => change(field, e.target.value)}
      />
    </FormField>
  );

  return (
    <AuthLayout
      title={t('auth.signup.title')}
      subtitle={t('auth.signup.subtitle')}
      footer={
        <p>
          {t('auth.signup.haveAccount')} <Link to="/login">{t('auth.signup.toLogin')}</Link>
        </p>
      }
    >
      <form ref={form} className="auth-form" onSubmit={submit} noValidate aria-label={t('auth.signup.title')}>
        {textField('name', 'text', 'name')}
        {textField('companyName', 'text', 'organization')}
        {textField('email', 'email', 'email')}
        {textField('phone', 'tel', 'tel')}
        <FormField
          id="signup-password"
          label={t('auth.fields.password')}
          error={errors.password}
          hint={t('auth.signup.passwordHint', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
        >
          <Password
            inputId="signup-password"
            name="password"
            autoComplete="new-password"
            feedback={false}
            toggleMask
            invalid={Boolean(errors.password)}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'signup-password-error' : undefined}
            value={values.password}
            onChange={(e) => change('password', e.target.value)}
          />
        </FormField>
        <FormField
          id="signup-planId"
          label={t('auth.fields.plan')}
          error={errors.planId ?? (plans.isError ? 'auth.signup.plansFailed' : undefined)}
        >
          <Dropdown
            inputId="signup-planId"
            options={plans.data ?? []}
            optionLabel="name"
            optionValue="id"
            value={values.planId}
            onChange={(e) => change('planId', e.value as number)}
            placeholder={plans.isLoading ? t('common.loading') : t('auth.signup.planPlaceholder')}
            loading={plans.isLoading}
            disabled={plans.isLoading}
            emptyMessage={t('auth.signup.noPlans')}
            itemTemplate={planOption}
            invalid={Boolean(errors.planId)}
            aria-describedby={errors.planId ? 'signup-planId-error' : undefined}
          />
        </FormField>
        <Button
          type="submit"
          label={t('auth.signup.submit')}
          icon="pi pi-user-plus"
          loading={signup.isPending}
          className="auth-form__submit"
        />
      </form>
    </AuthLayout>
  );
}

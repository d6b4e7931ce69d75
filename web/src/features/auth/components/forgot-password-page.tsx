import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { KitProvider } from '../../../components/kit-provider.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AuthLayout } from './auth-layout.tsx';
import { NewPasswordForm } from './new-password-form.tsx';
import { ResetRequestForm } from './reset-request-form.tsx';

/**
 * /forgetpsw: without parameters it asks for the address and mails a link; the mailed link
 * (/forgetpsw?email=<e>&token=<t>) opens the second step, the new password. Its forms use PrimeReact, so it
 * brings PrimeReact's settings with it.
 */
export function ForgotPasswordPage() {
  return (
    <KitProvider>
      <ForgotPassword />
    </KitProvider>
  );
}

function ForgotPassword() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const email = search.get('email');
  const token = search.get('token');
  const secondStep = Boolean(email && token);
  useDocumentTitle(secondStep ? t('auth.reset.title') : t('auth.forgot.title'));
  return (
    <AuthLayout
      title={secondStep ? t('auth.reset.title') : t('auth.forgot.title')}
      subtitle={secondStep ? t('auth.reset.subtitle', { email }) : t('auth.forgot.subtitle')}
      footer={
        <p>
          <Link to="/login">
            <i className="pi pi-arrow-left" aria-hidden="true" /> {t('auth.forgot.backToLogin')}
          </Link>
        </p>
      }
    >
      {secondStep ? <NewPasswordForm email={email as string} token={token as string} /> : <ResetRequestForm />}
    </AuthLayout>
  );
}

import { can } from '@switchboard/shared/permissions';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { LeanButton } from '../components/lean-controls.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { useSession } from '../lib/session.tsx';
import { SIGNED_IN_HOME } from '../lib/subscription.ts';
import { buildViewer } from '../lib/viewer.ts';

// only users without the dashboard ever see it
const ForbiddenPage = lazy(async () => ({ default: (await import('../components/forbidden-page.tsx')).ForbiddenPage }));

function Unreachable() {
  const { t } = useTranslation();
  const { retryRestore } = useSession();
  return (
    <section className="status-page status-page--full" role="alert">
      <p className="status-page__code" aria-hidden="true">
        <i className="pi pi-wifi" />
      </p>
      <h1 className="status-page__title">{t('app.unreachableTitle')}</h1>
      <p className="status-page__text">{t('app.unreachableMessage')}</p>
      <LeanButton icon="pi pi-refresh" label={t('common.retry')} onClick={retryRestore} autoFocus />
    </section>
  );
}

/** Private pages: unauthenticated users go to /login (spec document 1, section 2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  const { clearRedirect } = session;
  useEffect(() => {
    if (signedIn) clearRedirect();
  }, [signedIn, clearRedirect]);
  if (session.status === 'restoring') return <PageLoader fullScreen />;
  if (session.status === 'unreachable') return <Unreachable />;
  if (!signedIn) return <Navigate to="/login" replace />;
  return <>{children}</>;
}

/** Public pages: a signed-in user goes to / , or where the sign-in outcome chose. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status === 'restoring') return <PageLoader fullScreen />;
  if (session.status === 'signedIn') return <Navigate to={session.pendingRedirect ?? '/'} replace />;
  return <>{children}</>;
}

/**
 * `/`, the dashboard's address: the dashboard for admins and users with showDashboard; profile users without it
 * get the 403 page. Without a dashboard to show (`dashboard` not given) everyone goes to the inbox.
 */
export function HomeRoute({ dashboard }: { dashboard?: ReactNode }) {
  const { user } = useSession();
  if (!user) return null;
  if (!can(buildViewer(user), 'dashboard:view'))
    return (
      <Suspense fallback={<PageLoader />}>
        <ForbiddenPage />
      </Suspense>
    );
  return dashboard ?? <Navigate to={SIGNED_IN_HOME} replace />;
}

import type { Invoice } from '@switchboard/shared/contracts/invoices';
import { can } from '@switchboard/shared/permissions';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { systemClock } from '../../../lib/clock.ts';
import { formatDate } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { subscriptionState } from '../../../lib/subscription.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { buildViewer } from '../../../lib/viewer.ts';
import { useInvoices } from '../api/get-invoices.ts';
import { usePaymentConfirmed } from '../hooks/use-payment-confirmed.ts';
import { CheckoutDialog } from './checkout-dialog.tsx';
import './billing.css';

/** /subscription (spec document 2 "Subscription checkout dialog"): the license, the billing e-mail and 'Inscríbete ahora'. */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useDocumentTitle(t('billing.subscription.title'));
  const state = subscriptionState(user.company, systemClock.now());
  const license =
    state.kind === 'perpetual'
      ? t('billing.subscription.perpetual')
      : state.kind === 'expired'
        ? t('billing.subscription.expired', { date: state.dueDate ? formatDate(state.dueDate) : '—' })
        : state.daysLeft <= 0
          ? t('billing.subscription.expiresToday')
          : t('billing.subscription.license', { count: state.daysLeft, date: formatDate(state.dueDate) });
  const admin = can(buildViewer(user), 'admin:area');
  return (
    <section className="page subscription-page" data-testid="subscription-page">
      <PageHeader title={t('billing.subscription.title')} subtitle={t('billing.subscription.subtitle')} />
      <div className="surface-panel subscription-card">
        <p className="subscription-card__license" data-testid="subscription-license">
          {license}
        </p>
        <dl className="subscription-card__facts">
          <dt>{t('billing.subscription.billingEmail')}</dt>
          <dd data-testid="subscription-email">{user.email}</dd>
        </dl>
        {admin ? <Subscribe companyId={user.companyId} /> : null}
      </div>
    </section>
  );
}

function Subscribe({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  usePaymentConfirmed(companyId);
  const list = useInvoices('');
  const open = list.data?.pages.flatMap((p) => p.invoices).find((i) => i.status === 'open');
  const [paying, setPaying] = useState<Invoice | null>(null);
  return (
    <>
      <div>
        <Button
          type="button"
          icon="pi pi-credit-card"
          label={t('billing.subscription.subscribe')}
          disabled={!open}
          onClick={() => open && setPaying(open)}
          data-testid="subscription-subscribe"
        />
      </div>
      {list.isSuccess && !open ? <p className="form-field__hint">{t('billing.subscription.noOpenInvoice')}</p> : null}
      <CheckoutDialog invoice={paying} onHide={() => setPaying(null)} />
    </>
  );
}

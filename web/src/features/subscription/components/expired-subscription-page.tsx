import type { Invoice } from '@switchboard/shared/contracts/invoices';
import { can } from '@switchboard/shared/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { systemClock } from '../../../lib/clock.ts';
import { formatDate } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { subscriptionState } from '../../../lib/subscription.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { buildViewer } from '../../../lib/viewer.ts';
import { useInvoices } from '../api/get-invoices.ts';
import { usePaymentConfirmed } from '../hooks/use-payment-confirmed.ts';
import { CheckoutDialog } from './checkout-dialog.tsx';
import { InvoicesTable } from './invoices-table.tsx';
import './billing.css';

/** /financeiro-aberto: where a company whose subscription expired lands after signing in. */
export function ExpiredSubscriptionPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useDocumentTitle(t('subscription.pageTitle'));
  const state = subscriptionState(user.company, systemClock.now());
  const dueDate = state.kind === 'perpetual' ? undefined : state.dueDate;
  const expired = state.kind === 'expired';
  return (
    <section className="page" data-testid="expired-subscription-page">
      <div className="notice-card">
        <span className={expired ? 'notice-card__icon notice-card__icon--danger' : 'notice-card__icon'} aria-hidden="true">
          <i className={expired ? 'pi pi-exclamation-triangle' : 'pi pi-check-circle'} />
        </span>
        <h1 className="notice-card__title">{expired ? t('subscription.pageTitle') : t('subscription.activeTitle')}</h1>
        <p className="notice-card__text">
          {expired
            ? dueDate
              ? t('subscription.expiredOn', { date: formatDate(dueDate) })
              : t('subscription.expiredNoDate')
            : dueDate
              ? t('subscription.activeUntil', { date: formatDate(dueDate) })
              : t('subscription.perpetual')}
        </p>
        {expired ? <p className="notice-card__hint">{t('subscription.contactSupport')}</p> : null}
        <dl className="notice-card__facts">
          <div>
            <dt>{t('subscription.company')}</dt>
            <dd>{user.company.name}</dd>
          </div>
          <div>
            <dt>{t('subscription.dueDate')}</dt>
            <dd data-testid="subscription-due-date">{dueDate ? formatDate(dueDate) : '—'}</dd>
          </div>
        </dl>
      </div>
      {can(buildViewer(user), 'admin:area') ? <OpenInvoices companyId={user.companyId} /> : null}
    </section>
  );
}

/** The company's invoices, to pay the open one here (admins: the invoices are theirs to pay). */
function OpenInvoices({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  usePaymentConfirmed(companyId);
  const list = useInvoices('');
  const [paying, setPaying] = useState<Invoice | null>(null);
  return (
    <div className="surface-panel expired-invoices" data-testid="expired-invoices">
      <h2>{t('billing.invoices.openTitle')}</h2>
      <InvoicesTable
        invoices={list.data?.pages.flatMap((p) => p.invoices) ?? []}
        loading={list.isFetching}
        failed={list.isError}
        onPay={setPaying}
      />
      <CheckoutDialog invoice={paying} onHide={() => setPaying(null)} />
    </div>
  );
}

import type { Invoice } from '@switchboard/shared/contracts/invoices';
import { can } from '@switchboard/shared/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ForbiddenPage } from '../../../components/forbidden-page.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { buildViewer } from '../../../lib/viewer.ts';
import { useInvoices } from '../api/get-invoices.ts';
import { usePaymentConfirmed } from '../hooks/use-payment-confirmed.ts';
import { CheckoutDialog } from './checkout-dialog.tsx';
import { InvoicesTable } from './invoices-table.tsx';
import './billing.css';

/** /financeiro (spec document 2 "Invoices"): infinite scroll, search and the pay dialog; a profile user sees the no-access view. */
export function InvoicesPage() {
  const user = useCurrentUser();
  if (!can(buildViewer(user), 'admin:area')) return <ForbiddenPage />;
  return <InvoicesList companyId={user.companyId} />;
}

function InvoicesList({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  useDocumentTitle(t('billing.invoices.title'));
  usePaymentConfirmed(companyId);
  const [search, setSearch] = useState('');
  const list = useInvoices(search);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const invoices = list.data?.pages.flatMap((p) => p.invoices) ?? [];
  return (
    <ListPage
      name="invoices"
      title={t('billing.invoices.title')}
      subtitle={t('billing.invoices.subtitle')}
      search={{ placeholder: t('billing.invoices.searchPlaceholder'), onSearch: setSearch }}
      paging={{ query: list, loadingMore: t('billing.invoices.loadingMore') }}
      overlays={<CheckoutDialog invoice={paying} onHide={() => setPaying(null)} />}
    >
      <InvoicesTable
        invoices={invoices}
        loading={list.isFetching && !list.isFetchingNextPage}
        failed={list.isError}
        onPay={setPaying}
      />
    </ListPage>
  );
}

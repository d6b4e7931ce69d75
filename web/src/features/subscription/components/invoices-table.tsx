import type { Invoice } from '@switchboard/shared/contracts/invoices';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/i18n.ts';
import { formatBrl } from '../utils/checkout-form.ts';

/** The invoices with their PAGO / PAGAR button (spec document 2 section 4 "Invoice"). */
export function InvoicesTable({
  invoices,
  loading,
  failed,
  onPay,
}: {
  invoices: Invoice[];
  loading: boolean;
  failed: boolean;
  onPay: (invoice: Invoice) => void;
}) {
  const { t } = useTranslation();
  const action = (i: Invoice) =>
    i.status === 'paid' ? (
      <Button
        type="button"
        size="small"
        severity="success"
        outlined
        label={t('billing.invoices.paidButton')}
        aria-label={t('billing.invoices.paidLabel', { id: i.id })}
        disabled
        data-testid={`invoice-paid-${i.id}`}
      />
    ) : (
      <Button
        type="button"
        size="small"
        label={t('billing.invoices.payButton')}
        aria-label={t('billing.invoices.payLabel', { id: i.id })}
        onClick={() => onPay(i)}
        data-testid={`invoice-pay-${i.id}`}
      />
    );
  return (
    <DataTable
      value={invoices}
      dataKey="id"
      loading={loading}
      emptyMessage={failed ? t('billing.invoices.loadFailed') : t('billing.invoices.empty')}
      className="invoices-table"
      data-testid="invoices-table"
    >
      <Column header={t('billing.invoices.columns.id')} field="id" />
      <Column header={t('billing.invoices.columns.detail')} field="detail" />
      <Column header={t('billing.invoices.columns.users')} field="users" />
      <Column header={t('billing.invoices.columns.connections')} field="connections" />
      <Column header={t('billing.invoices.columns.value')} body={(i: Invoice) => formatBrl(i.value)} />
      <Column
        header={t('billing.invoices.columns.dueDate')}
        body={(i: Invoice) => <span data-testid={`invoice-due-${i.id}`}>{formatDate(new Date(i.dueDate))}</span>}
      />
      <Column
        header={t('billing.invoices.columns.status')}
        body={(i: Invoice) => (
          <Tag
            severity={i.status === 'paid' ? 'success' : 'warning'}
            value={t(`billing.invoices.status.${i.status}`)}
            data-testid={`invoice-status-${i.id}`}
          />
        )}
      />
      <Column header={t('billing.invoices.columns.action')} body={action} style={{ width: '8rem' }} />
    </DataTable>
  );
}

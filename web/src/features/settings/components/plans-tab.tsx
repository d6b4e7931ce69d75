import type { Plan } from '@switchboard/shared/contracts/plans';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { useDeleteConfirm } from '../../../components/list-page-state.ts';
import { ListPage, RowActions } from '../../../components/list-page.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useDeletePlan } from '../api/delete-plan.ts';
import { usePlans } from '../api/get-plans.ts';
import { PAGE_SIZES } from '../utils/platform-forms.ts';
import { PlanDialog } from './plan-dialog.tsx';
import './platform.css';

type DialogState = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; plan: Plan };

/** The super user's plans (spec document 2 "Settings page" and section 3 "Plan"): a table paged 5, 10 or 25, add, edit and delete. */
export function PlansTab() {
  const { t } = useTranslation();
  const plans = usePlans();
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const deletion = useDeleteConfirm<Plan>(useDeletePlan(), t('platform.done'), (error) =>
    error instanceof ApiError && error.code === 'ERR_PLAN_IN_USE' ? t('platform.plans.inUse') : t('platform.deleteFailed'),
  );

  return (
    <ListPage
      name="plans"
      title={t('platform.plans.title')}
      add={{ label: t('platform.plans.add'), onClick: () => setDialog({ kind: 'add' }) }}
      overlays={
        <>
          <PlanDialog
            visible={dialog.kind !== 'none'}
            plan={dialog.kind === 'edit' ? dialog.plan : undefined}
            onHide={() => setDialog({ kind: 'none' })}
          />
          <DeleteDialog
            {...deletion.dialog}
            header={t('platform.plans.deleteDialog.header')}
            message={t('platform.deleteMessage')}
            confirmLabel={t('platform.plans.deleteDialog.confirm')}
            testId="plan-delete-dialog"
          />
        </>
      }
    >
      <DataTable
        value={plans.data ?? []}
        dataKey="id"
        loading={plans.isFetching}
        paginator
        rows={PAGE_SIZES[0]}
        rowsPerPageOptions={[...PAGE_SIZES]}
        emptyMessage={plans.isError ? t('platform.loadFailed') : t('platform.plans.empty')}
        data-testid="plans-table"
      >
        <Column field="name" header={t('platform.plans.columns.name')} />
        <Column field="users" header={t('platform.plans.columns.users')} />
        <Column field="connections" header={t('platform.plans.columns.connections')} />
        <Column field="queues" header={t('platform.plans.columns.queues')} />
        <Column header={t('platform.plans.columns.amount')} body={(p: Plan) => formatPlanAmount(p.amount)} />
        <Column
          header={t('platform.plans.columns.isPublic')}
          body={(p: Plan) => (p.isPublic ? t('platform.yes') : t('platform.no'))}
        />
        <Column
          header={<span className="sr-only">{t('platform.plans.columns.actions')}</span>}
          body={(p: Plan) => (
            <RowActions
              testId={{ kind: 'plan', id: p.id }}
              editLabel={t('platform.plans.edit', { name: p.name })}
              deleteLabel={t('platform.plans.delete', { name: p.name })}
              onEdit={() => setDialog({ kind: 'edit', plan: p })}
              onDelete={() => deletion.ask(p)}
            />
          )}
          style={{ width: '8rem' }}
        />
      </DataTable>
    </ListPage>
  );
}

/** A plan's value in reais with 2 decimals (document 2 section 9), in the interface language's notation. */
export const formatPlanAmount = (amount: string | null): string => (amount === null ? '—' : formatMoney(amount));

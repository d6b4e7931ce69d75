import type { Prompt } from '@switchboard/shared/contracts/prompts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDeletePrompt } from '../api/delete-prompt.ts';
import { usePrompts } from '../api/get-prompts.ts';
import { usePromptsLiveUpdates } from '../hooks/use-prompts-live-updates.ts';
import { PromptDialog } from './prompt-dialog.tsx';
import { PromptsGate } from './prompts-gate.tsx';
import './prompts.css';

type DialogState = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; record: Prompt };

/** /prompts (spec document 3 "AI prompts"): a table of name, queue, max tokens and actions, with an add/edit dialog. */
export function PromptsPage() {
  return (
    <PromptsGate>
      <PromptsTable />
    </PromptsGate>
  );
}

function PromptsTable() {
  const { t } = useTranslation();
  const toast = useToast();
  useDocumentTitle(t('prompts.title'));
  usePromptsLiveUpdates(useCurrentUser().companyId);
  const list = usePrompts();
  const remove = useDeletePrompt();
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const [deleting, setDeleting] = useState<Prompt | null>(null);
  const records = list.data?.prompts ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(t('prompts.toasts.deleted')),
      onError: (error) => toast.error(error),
    });
  };

  const actionsCell = (r: Prompt) => (
    <span className="prompts-table__actions">
      <Button
        type="button"
        icon="pi pi-pencil"
        text
        rounded
        aria-label={t('prompts.edit', { name: r.name })}
        onClick={() => setDialog({ kind: 'edit', record: r })}
        data-testid={`prompt-edit-${r.id}`}
      />
      <Button
        type="button"
        icon="pi pi-trash"
        text
        rounded
        severity="danger"
        aria-label={t('prompts.delete', { name: r.name })}
        onClick={() => setDeleting(r)}
        data-testid={`prompt-delete-${r.id}`}
      />
    </span>
  );

  return (
    <ListPage
      name="prompts"
      title={t('prompts.title')}
      subtitle={t('prompts.subtitle')}
      actions={
        <Button
          type="button"
          icon="pi pi-plus"
          label={t('prompts.add')}
          onClick={() => setDialog({ kind: 'add' })}
          data-testid="prompts-add"
        />
      }
      overlays={
        <>
          <PromptDialog
            visible={dialog.kind !== 'none'}
            record={dialog.kind === 'edit' ? dialog.record : undefined}
            onHide={() => setDialog({ kind: 'none' })}
          />
          <DeleteDialog
            visible={Boolean(deleting)}
            onHide={() => setDeleting(null)}
            header={t('prompts.deleteDialog.header', { name: deleting?.name ?? '' })}
            message={t('prompts.deleteDialog.message')}
            confirmLabel={t('prompts.deleteDialog.confirm')}
            onConfirm={confirmDelete}
            testId="prompt-delete-dialog"
          />
        </>
      }
    >
      <DataTable
        value={records}
        dataKey="id"
        loading={list.isFetching && records.length === 0}
        emptyMessage={list.isError ? t('prompts.loadFailed') : t('prompts.empty')}
        className="prompts-table"
        data-testid="prompts-table"
      >
        <Column
          header={t('prompts.columns.name')}
          body={(r: Prompt) => <span data-testid={`prompt-row-${r.id}`}>{r.name}</span>}
        />
        <Column header={t('prompts.columns.queue')} body={(r: Prompt) => r.queue?.name ?? '—'} />
        <Column header={t('prompts.columns.maxTokens')} field="maxTokens" style={{ width: '9rem' }} />
        <Column
          header={<span className="sr-only">{t('prompts.columns.actions')}</span>}
          body={actionsCell}
          style={{ width: '7rem' }}
        />
      </DataTable>
    </ListPage>
  );
}

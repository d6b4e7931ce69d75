import type { Prompt } from '@switchboard/shared/contracts/prompts';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { ListPage, RowActions } from '../../../components/list-page.tsx';
import { useDeleteConfirm, useRecordDialog } from '../../../components/list-page-state.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDeletePrompt } from '../api/delete-prompt.ts';
import { usePrompts } from '../api/get-prompts.ts';
import { usePromptsLiveUpdates } from '../hooks/use-prompts-live-updates.ts';
import { PromptDialog } from './prompt-dialog.tsx';
import { PromptsGate } from './prompts-gate.tsx';
import './prompts.css';

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
  useDocumentTitle(t('prompts.title'));
  usePromptsLiveUpdates(useCurrentUser().companyId);
  const list = usePrompts();
  const dialog = useRecordDialog<Prompt>();
  const deletion = useDeleteConfirm<Prompt>(useDeletePrompt(), t('prompts.toasts.deleted'));
  const records = list.data?.prompts ?? [];

  const actionsCell = (r: Prompt) => (
    <RowActions
      testId={{ kind: 'prompt', id: r.id }}
      editLabel={t('prompts.edit', { name: r.name })}
      deleteLabel={t('prompts.delete', { name: r.name })}
      onEdit={() => dialog.edit(r)}
      onDelete={() => deletion.ask(r)}
    />
  );

  return (
    <ListPage
      name="prompts"
      title={t('prompts.title')}
      subtitle={t('prompts.subtitle')}
      add={{ label: t('prompts.add'), onClick: dialog.add }}
      overlays={
        <>
          <PromptDialog visible={dialog.visible} record={dialog.record} onHide={dialog.hide} />
          <DeleteDialog
            {...deletion.dialog}
            header={t('prompts.deleteDialog.header', { name: deletion.target?.name ?? '' })}
            message={t('prompts.deleteDialog.message')}
            confirmLabel={t('prompts.deleteDialog.confirm')}
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

import { AUDIT_DEFAULT_PAGE_SIZE, AUDIT_PAGE_SIZES, type AuditEntry } from '@switchboard/shared/contracts/audit';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@switchboard/shared/permissions';
import { ForbiddenPage } from '../../../components/forbidden-page.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { buildViewer } from '../../../lib/viewer.ts';
import { ListPage } from '../../../components/list-page.tsx';
import { currentLanguage, locales } from '../../../lib/i18n.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuditLog } from '../api/get-audit-log.ts';

/**
 * /audit-logs: who changed which user, queue, connection, tag, setting, plan or company, and when; the company's
 * admins and the super user. Pages follow the server's cursor, one page forward or back.
 */
export function AuditLogPage() {
  const user = useCurrentUser();
  if (!can(buildViewer(user), 'admin:area')) return <ForbiddenPage />;
  return <AuditLog />;
}

function AuditLog() {
  const { t } = useTranslation();
  useDocumentTitle(t('auditLog.title'));
  const [rows, setRows] = useState<number>(AUDIT_DEFAULT_PAGE_SIZE);
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [pageIndex, setPageIndex] = useState(0);
  const log = useAuditLog(rows, cursors[pageIndex]);
  const format = useMemo(
    () => new Intl.DateTimeFormat(locales[currentLanguage()], { dateStyle: 'short', timeStyle: 'medium' }),
    [],
  );
  const entries = log.data?.entries ?? [];
  const first = pageIndex * rows;
  const totalRecords = log.data ? first + Math.max(entries.length, log.data.hasMore ? rows : 0) + (log.data.hasMore ? 1 : 0) : 0;

  return (
    <ListPage name="audit-log" title={t('auditLog.title')} subtitle={t('auditLog.subtitle')}>
      <DataTable
        value={entries}
        dataKey="id"
        lazy
        loading={log.isFetching}
        paginator
        rows={rows}
        first={first}
        totalRecords={totalRecords}
        rowsPerPageOptions={[...AUDIT_PAGE_SIZES]}
        paginatorTemplate="FirstPageLink PrevPageLink CurrentPageReport NextPageLink RowsPerPageDropdown"
        currentPageReportTemplate={`${pageIndex + 1}`}
        onPage={(e) => {
          if (e.rows !== rows) {
            setRows(e.rows);
            setCursors([undefined]);
            setPageIndex(0);
            return;
          }
          const target = e.page ?? 0;
          if (target === pageIndex + 1 && log.data?.nextCursor) {
            const next = log.data.nextCursor;
            setCursors((c) => [...c.slice(0, target), next]);
            setPageIndex(target);
          } else if (target < pageIndex) {
            setPageIndex(target);
          }
        }}
        emptyMessage={log.isError ? t('auditLog.loadFailed') : t('auditLog.empty')}
        data-testid="audit-log-table"
      >
        <Column
          header={t('auditLog.columns.at')}
          body={(e: AuditEntry) => <time dateTime={e.at}>{format.format(new Date(e.at))}</time>}
        />
        <Column header={t('auditLog.columns.actor')} body={(e: AuditEntry) => e.actor.name || `#${e.actor.id}`} />
        <Column header={t('auditLog.columns.action')} body={(e: AuditEntry) => t(`auditLog.action.${e.action}`)} />
        <Column header={t('auditLog.columns.entity')} body={(e: AuditEntry) => t(`auditLog.entity.${e.entity}`)} />
        <Column
          header={t('auditLog.columns.target')}
          body={(e: AuditEntry) => (e.targetName ? `${e.targetName} (#${e.targetId})` : `#${e.targetId}`)}
        />
        <Column header={t('auditLog.columns.fields')} body={(e: AuditEntry) => e.fields.join(', ')} />
      </DataTable>
    </ListPage>
  );
}

import type { AttendantRow } from '@switchboard/shared/contracts/dashboard';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../../lib/download-blob.ts';
import { formatMinutes, formatNumber } from '../../../lib/format.ts';
import { useToast } from '../../../lib/toast.tsx';
import { attendantExportRows, attendantsFileName, writeAttendantsWorkbook } from '../utils/attendants-export.ts';

export function AttendantsTab({ attendants, period }: { attendants: AttendantRow[]; period: { from: string; to: string } }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [exporting, setExporting] = useState(false);
  const exportRows = async () => {
    setExporting(true);
    try {
      const status = { online: t('dashboard.attendants.online'), offline: t('dashboard.attendants.offline') };
      const blob = await writeAttendantsWorkbook(attendantExportRows(attendants, status), {
        name: t('dashboard.attendants.name'),
        rating: t('dashboard.attendants.rating'),
        countRating: t('dashboard.attendants.countRating'),
        tickets: t('dashboard.attendants.tickets'),
        avgWaitTime: t('dashboard.attendants.avgWaitTime'),
        avgSupportTime: t('dashboard.attendants.avgSupportTime'),
        status: t('dashboard.attendants.status'),
      });
      downloadBlob(blob, attendantsFileName(period.from, period.to));
    } catch (error) {
      toast.error(error);
    } finally {
      setExporting(false);
    }
  };
  const statusCell = (r: AttendantRow) => (
    <span className={`dashboard-status dashboard-status--${r.online ? 'online' : 'offline'}`}>
      <i className={r.online ? 'pi pi-circle-fill' : 'pi pi-circle'} aria-hidden="true" />
      {r.online ? t('dashboard.attendants.online') : t('dashboard.attendants.offline')}
    </span>
  );
  const ratingCell = (r: AttendantRow) => (
    <span>
      <i className="pi pi-star-fill dashboard-rating__star" aria-hidden="true" /> {formatNumber(r.rating)}
    </span>
  );
  return (
    <div className="dashboard-attendants surface-panel" data-testid="dashboard-attendants">
      <div className="dashboard-attendants__actions">
        <Button
          icon="pi pi-file-excel"
          label={t('dashboard.attendants.export')}
          onClick={() => void exportRows()}
          loading={exporting}
          disabled={attendants.length === 0}
          data-testid="dashboard-export"
        />
      </div>
      <DataTable
        value={attendants}
        dataKey="id"
        size="small"
        stripedRows
        emptyMessage={t('dashboard.attendants.empty')}
        data-testid="dashboard-attendants-table"
      >
        <Column field="name" header={t('dashboard.attendants.name')} />
        <Column field="rating" header={t('dashboard.attendants.rating')} body={ratingCell} />
        <Column
          field="countRating"
          header={t('dashboard.attendants.countRating')}
          body={(r: AttendantRow) => formatNumber(r.countRating)}
        />
        <Column field="tickets" header={t('dashboard.attendants.tickets')} body={(r: AttendantRow) => formatNumber(r.tickets)} />
        <Column
          field="avgWaitTime"
          header={t('dashboard.attendants.avgWaitTime')}
          body={(r: AttendantRow) => formatMinutes(r.avgWaitTime)}
        />
        <Column
          field="avgSupportTime"
          header={t('dashboard.attendants.avgSupportTime')}
          body={(r: AttendantRow) => formatMinutes(r.avgSupportTime)}
        />
        <Column field="online" header={t('dashboard.attendants.status')} body={statusCell} />
      </DataTable>
    </div>
  );
}

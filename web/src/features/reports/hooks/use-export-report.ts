import { REPORT_EXPORT_PAGE_SIZE, REPORT_FILE_NAME, type ReportTicket } from '@switchboard/shared/contracts/reports';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../../lib/download-blob.ts';
import { currentLanguage, locales } from '../../../lib/i18n.ts';
import { useToast } from '../../../lib/toast.tsx';
import { getTicketReport } from '../api/get-ticket-report.ts';
import { buildReportRow, exportReportWorkbook, reportColumns, type ReportColumn } from '../utils/report-export.ts';
import { exportProgress, type ReportFilters } from '../utils/report-filters.ts';

export interface ExportState {
  running: boolean;
  read: number;
  /** 0..100 */
  progress: number;
}

/** The Excel export: pages of the report read one after another, the progress shown, the file written at the end. */
export const useExportReport = () => {
  const { t } = useTranslation();
  const toast = useToast();
  const [state, setState] = useState<ExportState>({ running: false, read: 0, progress: 0 });
  const running = useRef(false);

  const run = useCallback(
    async (filters: ReportFilters) => {
      if (running.current) return;
      running.current = true;
      setState({ running: true, read: 0, progress: 0 });
      try {
        const format = new Intl.DateTimeFormat(locales[currentLanguage()], { dateStyle: 'short', timeStyle: 'short' });
        const labels = {
          status: (s: ReportTicket['status']) => t(`reports.status.${s}`),
          noQueue: t('reports.noQueue'),
          dateTime: (iso: string) => format.format(new Date(iso)),
        };
        const headers = Object.fromEntries(reportColumns.map((c) => [c, t(`reports.columns.${c}`)])) as Record<
          ReportColumn,
          string
        >;
        const { blob, count } = await exportReportWorkbook(
          (cursor) => getTicketReport(filters, REPORT_EXPORT_PAGE_SIZE, cursor),
          (ticket) => buildReportRow(ticket, labels),
          headers,
          (read, reachedAt) => setState({ running: true, read, progress: exportProgress(filters, reachedAt) }),
        );
        downloadBlob(blob, REPORT_FILE_NAME);
        toast.success(t('reports.exportDone', { count }));
      } catch (error) {
        toast.error(error);
      } finally {
        running.current = false;
        setState((s) => ({ ...s, running: false }));
      }
    },
    [t, toast],
  );

  return { run, ...state };
};

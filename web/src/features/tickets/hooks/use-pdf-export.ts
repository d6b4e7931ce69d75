import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { currentLanguage, locales } from '../../../lib/i18n.ts';
import { useToast } from '../../../lib/toast.tsx';

/**
 * The ticket's PDF export: `exporting` is true while the conversation is read, laid out and downloaded; a
 * second request meanwhile is ignored. Failures show as an error toast.
 */
export const usePdfExport = () => {
  const { t } = useTranslation();
  const toast = useToast();
  const [exporting, setExporting] = useState(false);
  const running = useRef(false);

  const exportPdf = useCallback(
    async (ticket: Ticket) => {
      if (running.current) return;
      running.current = true;
      setExporting(true);
      try {
        const { exportTranscriptPdf } = await import('../api/export-transcript-pdf.ts');
        await exportTranscriptPdf(ticket, (key, options = {}) => t(key, options), locales[currentLanguage()]);
      } catch (error) {
        if (isApiError(error) && error.status === 404) toast.errorText(t('tickets.pdf.notFound'));
        else if (isApiError(error)) toast.error(error);
        else toast.errorText(t('tickets.pdf.failed'));
      } finally {
        running.current = false;
        setExporting(false);
      }
    },
    [t, toast],
  );

  return { exporting, exportPdf };
};

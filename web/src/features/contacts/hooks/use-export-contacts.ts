import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../lib/toast.tsx';
import { getContacts } from '../api/get-contacts.ts';
import { buildExportRows, EXPORT_FILE_NAME, EXPORT_PAGE_SIZE, readAllPages } from '../utils/export-rows.ts';
import { downloadBlob, writeContactsWorkbook } from '../utils/spreadsheet-write.ts';

/** The export action: every contact, read 20 at a time, saved as backup_contatos.xlsx. */
export const useExportContacts = () => {
  const { t } = useTranslation();
  const toast = useToast();
  const [exporting, setExporting] = useState(false);
  const [read, setRead] = useState(0);

  const run = useCallback(async () => {
    setExporting(true);
    setRead(0);
    try {
      const contacts = await readAllPages(
        (cursor) => getContacts({ searchParam: '', tagIds: [], rowsPerPage: EXPORT_PAGE_SIZE, cursor }),
        setRead,
      );
      const rows = buildExportRows(contacts, { active: t('contacts.status.active'), blocked: t('contacts.status.blocked') });
      const blob = await writeContactsWorkbook(rows, {
        name: t('contacts.fields.name'),
        number: t('contacts.fields.number'),
        email: t('contacts.fields.email'),
        tags: t('contacts.fields.tags'),
        status: t('contacts.fields.status'),
      });
      downloadBlob(blob, EXPORT_FILE_NAME);
      toast.success(t('contacts.export.done', { count: contacts.length }));
    } catch (error) {
      toast.error(error);
    } finally {
      setExporting(false);
    }
  }, [t, toast]);

  return { run, exporting, read };
};

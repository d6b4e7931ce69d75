import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { importReasonKey } from '../utils/field-messages.ts';
import { isImportable, rowsToImport, validateImportRow, type ImportRow, type RowErrors } from '../utils/import-mapping.ts';
import type { FailureReason, RowOutcome } from '../utils/import-run.ts';

/**
 * The rows of the file through the mapping, with checkboxes (the header one selects all). Before the import a
 * row shows what the schema expects the server to refuse, and such a row cannot be ticked; after it, what the
 * server answered for that row.
 */
export function ImportRowsTable({
  rows,
  selected,
  onSelect,
  outcomes,
  disabled,
}: {
  rows: ImportRow[];
  selected: ReadonlySet<number>;
  onSelect: (lines: ReadonlySet<number>) => void;
  outcomes: ReadonlyMap<number, RowOutcome>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const text = (field: string | undefined, message: string) => {
    const m = t(importReasonKey(message), { defaultValue: message });
    return field ? `${t(`contacts.fields.${field}`, { defaultValue: field })}: ${m}` : m;
  };
  const previewText = (errors: RowErrors) =>
    Object.entries(errors)
      .map(([field, message]) => text(field, message))
      .join('; ');
  const reasonsText = (reasons: FailureReason[]) => reasons.map((r) => text(r.field, r.message)).join('; ');

  const checkCell = (row: ImportRow) => {
    const outcome = outcomes.get(row.line);
    if (outcome?.kind === 'created') return <Tag severity="success" icon="pi pi-check" value={t('contacts.import.rowCreated')} />;
    if (outcome?.kind === 'existing') return <Tag severity="info" icon="pi pi-minus" value={t('contacts.import.rowExisting')} />;
    if (outcome?.kind === 'failed')
      return (
        <span className="import-row__problem import-row__problem--failed">
          <i className="pi pi-times-circle" aria-hidden="true" /> {reasonsText(outcome.reasons)}
        </span>
      );
    const errors = validateImportRow(row);
    if (Object.keys(errors).length === 0) return <span className="import-row__ok">{t('contacts.import.rowReady')}</span>;
    return (
      <span className="import-row__problem">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {previewText(errors)}
      </span>
    );
  };

  return (
    <DataTable
      value={rows}
      dataKey="line"
      selectionMode="checkbox"
      // a flagged row is not sent: it cannot be ticked
      selection={rowsToImport(rows, selected)}
      onSelectionChange={(e) => onSelect(new Set((e.value as ImportRow[]).filter(isImportable).map((r) => r.line)))}
      isDataSelectable={(e) => !disabled && isImportable(e.data as ImportRow)}
      paginator={rows.length > 10}
      rows={10}
      rowsPerPageOptions={[10, 30, 50]}
      size="small"
      className="import-rows"
      emptyMessage={t('contacts.import.noRows')}
      data-testid="import-rows"
    >
      <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />
      <Column
        field="line"
        header={t('contacts.import.lineHeader')}
        className="import-rows__line"
        headerClassName="import-rows__line"
      />
      <Column field="name" header={t('contacts.fields.name')} />
      <Column field="number" header={t('contacts.fields.number')} />
      <Column
        field="email"
        header={t('contacts.fields.email')}
        className="import-rows__email"
        headerClassName="import-rows__email"
      />
      <Column
        header={t('contacts.import.check')}
        body={checkCell}
        className="import-rows__check"
        headerClassName="import-rows__check"
      />
    </DataTable>
  );
}

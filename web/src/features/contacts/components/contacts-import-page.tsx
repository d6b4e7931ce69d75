import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { useCallback, useMemo, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useContactImport } from '../hooks/use-contact-import.ts';
import {
  guessMapping,
  importFields,
  isImportable,
  isMappingUsable,
  mapRows,
  normaliseTable,
  rowsToImport,
  type ColumnMapping,
  type ImportField,
} from '../utils/import-mapping.ts';
import { ACCEPTED_EXTENSIONS, isAcceptedFile, readSpreadsheet } from '../utils/spreadsheet-read.ts';
import './contacts.css';
import { ImportProgressDialog } from './import-progress-dialog.tsx';
import { ImportRowsTable } from './import-rows-table.tsx';
import { ImportSummary } from './import-summary.tsx';

interface LoadedFile {
  name: string;
  table: { lines: number[]; cells: string[][] };
}

/** Spreadsheet column letters, as the user sees them in their spreadsheet program (A, B, ..., AA). */
const columnLetter = (index: number): string => {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
};

/** /contacts/import: file, column mapping and row selection, then the import and its summary. */
export function ContactsImportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('contacts.import.title'));
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [reading, setReading] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [hasHeader, setHasHeader] = useState(true);
  const [mapping, setMapping] = useState<ColumnMapping>({ name: null, number: null, email: null });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [dragging, setDragging] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const importer = useContactImport();

  const rows = useMemo(() => (file ? mapRows(file.table, mapping, hasHeader) : []), [file, mapping, hasHeader]);

  const load = async (picked: File | undefined) => {
    if (!picked) return;
    setFileError(null);
    if (!isAcceptedFile(picked.name)) {
      setFileError(t('contacts.import.unsupported'));
      return;
    }
    setReading(true);
    try {
      const table = normaliseTable(await readSpreadsheet(picked));
      if (table.cells.length === 0) {
        setFileError(t('contacts.import.emptyFile'));
        return;
      }
      const guessed = guessMapping(table.cells[0], table.cells.slice(1, 21));
      const headerFound = guessMapping(table.cells[0], []);
      // a first row whose cells name a field is a header; otherwise the first row is data
      const header = Object.values(headerFound).some((c) => c !== null);
      setHasHeader(header);
      setMapping(header ? guessed : guessMapping(undefined, table.cells.slice(0, 20)));
      setFile({ name: picked.name, table });
      const data = table.lines.slice(header ? 1 : 0);
      setSelected(new Set(data));
      importer.reset();
    } catch {
      setFileError(t('contacts.import.unreadable'));
    } finally {
      setReading(false);
    }
  };

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    void load(e.target.files?.[0]);
    // choosing the same file again must still trigger a change
    e.target.value = '';
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void load(e.dataTransfer.files[0]);
  };

  const toggleHeader = (value: boolean) => {
    setHasHeader(value);
    if (!file) return;
    setSelected(new Set(mapRows(file.table, mapping, value).map((r) => r.line)));
  };

  const width = file?.table.cells[0]?.length ?? 0;
  const columnOptions = Array.from({ length: width }, (_, i) => {
    const head = hasHeader ? file?.table.cells[0]?.[i] : undefined;
    return { value: i, label: head ? `${columnLetter(i)} · ${head}` : t('contacts.import.column', { letter: columnLetter(i) }) };
  });

  // a row the check flags is never sent: the server would refuse it, and the summary is about what was sent
  const chosen = rowsToImport(rows, selected);
  const flagged = rows.filter((r) => !isImportable(r)).length;
  const running = importer.state.phase === 'running';
  const finished = importer.state.phase === 'finished';
  const canImport = Boolean(file) && isMappingUsable(mapping) && chosen.length > 0 && !running;

  const startImport = () => {
    setDialogOpen(true);
    void importer.start(chosen);
  };
  const hideDialog = useCallback(() => setDialogOpen(false), []);

  const startOver = () => {
    setFile(null);
    setSelected(new Set());
    importer.reset();
  };

  return (
    <section className="page contacts-import-page" data-testid="contacts-import-page">
      <PageHeader
        title={t('contacts.import.title')}
        subtitle={t('contacts.import.subtitle')}
        actions={
          <Button
            type="button"
            text
            icon="pi pi-arrow-left"
            label={t('contacts.import.back')}
            onClick={() => navigate('/contacts')}
          />
        }
      />

      <div className="surface-panel import-step">
        <h2 className="import-step__title">
          <span className="import-step__number">1</span> {t('contacts.import.stepFile')}
        </h2>
        <div
          className={`import-drop${dragging ? ' import-drop--active' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <i className="pi pi-file-import import-drop__icon" aria-hidden="true" />
          <p className="import-drop__text">{file ? file.name : t('contacts.import.dropHint')}</p>
          <p className="import-drop__formats">{t('contacts.import.formats', { formats: ACCEPTED_EXTENSIONS.join(', ') })}</p>
          <input
            ref={inputRef}
            type="file"
            accept={ACCEPTED_EXTENSIONS.join(',')}
            className="sr-only"
            id="import-file"
            // the visible button opens it: the input itself is out of the tab order, named for screen readers
            tabIndex={-1}
            aria-label={t('contacts.import.choose')}
            onChange={onPick}
            disabled={running}
            data-testid="import-file"
          />
          <Button
            type="button"
            icon="pi pi-upload"
            label={file ? t('contacts.import.chooseOther') : t('contacts.import.choose')}
            loading={reading}
            disabled={running}
            onClick={() => inputRef.current?.click()}
          />
        </div>
        {fileError ? <Message severity="error" text={fileError} className="import-step__message" /> : null}
      </div>

      {file ? (
        <div className="surface-panel import-step">
          <h2 className="import-step__title">
            <span className="import-step__number">2</span> {t('contacts.import.stepMapping')}
          </h2>
          <div className="import-mapping">
            {importFields.map((field: ImportField) => (
              <div className="form-field" key={field}>
                <label htmlFor={`map-${field}`}>
                  {t(`contacts.fields.${field}`)}
                  {field === 'email' ? ` (${t('contacts.import.optional')})` : ''}
                </label>
                <Dropdown
                  inputId={`map-${field}`}
                  value={mapping[field]}
                  options={columnOptions}
                  showClear={field === 'email'}
                  placeholder={t('contacts.import.noColumn')}
                  disabled={running}
                  onChange={(e) => setMapping((m) => ({ ...m, [field]: (e.value as number | null | undefined) ?? null }))}
                  data-testid={`map-${field}`}
                />
              </div>
            ))}
            <div className="import-mapping__header">
              <Checkbox
                inputId="import-has-header"
                checked={hasHeader}
                disabled={running}
                onChange={(e) => toggleHeader(Boolean(e.checked))}
              />
              <label htmlFor="import-has-header">{t('contacts.import.hasHeader')}</label>
            </div>
          </div>
          {!isMappingUsable(mapping) ? (
            <Message severity="warn" text={t('contacts.import.mappingNeeded')} className="import-step__message" />
          ) : null}
        </div>
      ) : null}

      {file ? (
        <div className="surface-panel import-step">
          <h2 className="import-step__title">
            <span className="import-step__number">3</span> {t('contacts.import.stepRows')}
          </h2>
          <ImportRowsTable
            rows={rows}
            selected={selected}
            onSelect={setSelected}
            outcomes={importer.outcomes}
            disabled={running}
          />
          <div className="import-step__actions">
            <span className="import-step__count">
              {t('contacts.import.selected', { count: chosen.length, total: rows.length })}
              {flagged > 0 ? (
                <span className="import-step__flagged" data-testid="import-flagged">
                  {t('contacts.import.flaggedSkipped', { count: flagged })}
                </span>
              ) : null}
            </span>
            {finished ? (
              <Button type="button" outlined icon="pi pi-refresh" label={t('contacts.import.another')} onClick={startOver} />
            ) : null}
            <Button
              type="button"
              icon="pi pi-file-import"
              label={t('contacts.import.start', { count: chosen.length })}
              disabled={!canImport}
              loading={running}
              onClick={startImport}
              data-testid="import-start"
            />
          </div>
        </div>
      ) : null}

      {importer.state.phase === 'finished' && !dialogOpen ? (
        <div className="surface-panel import-step" data-testid="import-result">
          <h2 className="import-step__title">
            <i className="pi pi-flag import-step__icon" aria-hidden="true" /> {t('contacts.import.resultTitle')}
          </h2>
          <ImportSummary summary={importer.state.summary} />
          <div className="import-step__actions">
            <Button type="button" outlined icon="pi pi-refresh" label={t('contacts.import.another')} onClick={startOver} />
            <Button
              type="button"
              icon="pi pi-address-book"
              label={t('contacts.import.toContacts')}
              onClick={() => navigate('/contacts')}
            />
          </div>
        </div>
      ) : null}

      <ImportProgressDialog state={importer.state} visible={dialogOpen} onHide={hideDialog} />
    </section>
  );
}

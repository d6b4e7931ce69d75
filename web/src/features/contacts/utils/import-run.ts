import { isApiError } from '../../../lib/api-error.ts';
import { contactFieldOf, messageKey } from './field-messages.ts';
import type { ImportRow } from './import-mapping.ts';

/**
 * Running an import (spec document 1, sections 7 and 9): one POST /contactsImport per row, 330 ms apart, a
 * progress message every 5 rows, then a summary of what was created, what already existed and what failed
 * and why. A refused row is reported with the server's field messages, never dropped silently.
 */
export const IMPORT_SPACING_MS = 330;
export const PROGRESS_EVERY_ROWS = 5;
/** the result closes itself this long after the import ends */
export const SUMMARY_AUTO_CLOSE_MS = 15_000;

export interface FailureReason {
  /** the contact field the server named, when it named one */
  field?: string;
  /** an i18n key (a spec message or an error code's text) or the server's own text */
  message: string;
}

export type RowOutcome = { kind: 'created' } | { kind: 'existing' } | { kind: 'failed'; reasons: FailureReason[] };

export interface ImportSummary {
  total: number;
  created: number;
  existing: number;
  failed: { row: ImportRow; reasons: FailureReason[] }[];
  /** true when the user stopped the import before its end */
  stopped: boolean;
}

/** Why a row was refused: a validation answer's field messages, or the error code's text. */
export const failureReasons = (error: unknown): FailureReason[] => {
  if (isApiError(error)) {
    const fields = error.body.fields ?? [];
    if (fields.length > 0) return fields.map((f) => ({ field: contactFieldOf(f.path), message: messageKey(f.message) }));
    if (error.code) return [{ message: `errors.${error.code}` }];
    return [{ message: 'errors.generic' }];
  }
  return [{ message: 'errors.generic' }];
};

export interface RunImportOptions {
  rows: readonly ImportRow[];
  /** sends one row; resolves with whether the contact was created (false: its number already existed) */
  send: (row: ImportRow) => Promise<{ created: boolean }>;
  sleep: (ms: number) => Promise<void>;
  onRowDone?: (row: ImportRow, outcome: RowOutcome, done: number) => void;
  /** every PROGRESS_EVERY_ROWS rows, and at the last one */
  onProgress?: (done: number, total: number) => void;
  shouldStop?: () => boolean;
  spacingMs?: number;
}

export const runImport = async ({
  rows,
  send,
  sleep,
  onRowDone,
  onProgress,
  shouldStop = () => false,
  spacingMs = IMPORT_SPACING_MS,
}: RunImportOptions): Promise<ImportSummary> => {
  const summary: ImportSummary = { total: rows.length, created: 0, existing: 0, failed: [], stopped: false };
  for (let i = 0; i < rows.length; i++) {
    if (i > 0) await sleep(spacingMs);
    if (shouldStop()) {
      summary.stopped = true;
      break;
    }
    const row = rows[i]!;
    let outcome: RowOutcome;
    try {
      const answer = await send(row);
      outcome = answer.created ? { kind: 'created' } : { kind: 'existing' };
    } catch (error) {
      outcome = { kind: 'failed', reasons: failureReasons(error) };
    }
    if (outcome.kind === 'created') summary.created++;
    else if (outcome.kind === 'existing') summary.existing++;
    else summary.failed.push({ row, reasons: outcome.reasons });
    const done = i + 1;
    onRowDone?.(row, outcome, done);
    if (done % PROGRESS_EVERY_ROWS === 0 || done === rows.length) onProgress?.(done, rows.length);
  }
  return summary;
};

import { IMPORT_PREPARING_MS, IMPORT_STATUS_DONE } from '@switchboard/shared/contracts/connections';

export interface ImportProgress {
  done: number;
  total: number;
}

/**
 * What the table shows of a connection's import of old messages (spec document 2 section 4):
 * 'renderButtonCloseTickets' shows the close-imported-tickets button; a running import, its progress once one
 * arrived (even within the 35 seconds: the list still holds the time it was asked then); otherwise a time less
 * than 35 seconds old, a disabled 'preparing' button (with when it stops being one).
 */
export type ImportState =
  { kind: 'close' } | { kind: 'preparing'; untilMs: number } | { kind: 'progress'; progress: ImportProgress } | { kind: 'none' };

export const importStateOf = (
  status: string | null | undefined,
  progress: ImportProgress | undefined,
  nowMs: number,
): ImportState => {
  if (!status) return { kind: 'none' };
  if (status === IMPORT_STATUS_DONE) return { kind: 'close' };
  if (progress) return { kind: 'progress', progress };
  const asked = Date.parse(status);
  if (Number.isFinite(asked) && nowMs - asked < IMPORT_PREPARING_MS)
    return { kind: 'preparing', untilMs: asked + IMPORT_PREPARING_MS };
  return { kind: 'none' };
};

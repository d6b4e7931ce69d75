import { describe, expect, it } from 'vitest';
import { importStateOf } from './import-status.ts';

const at = Date.parse('2026-03-10T12:00:00.000Z');

describe('the import status of a connection in the table', () => {
  it("shows the close-imported-tickets button for 'renderButtonCloseTickets'", () => {
    expect(importStateOf('renderButtonCloseTickets', undefined, at)).toEqual({ kind: 'close' });
  });

  it('shows a disabled preparing button for 35 seconds after the import was asked, then nothing until progress arrives', () => {
    expect(importStateOf('2026-03-10T11:59:30.000Z', undefined, at)).toEqual({ kind: 'preparing', untilMs: at + 5_000 });
    expect(importStateOf('2026-03-10T11:59:25.000Z', undefined, at)).toEqual({ kind: 'none' });
    expect(importStateOf('2026-03-10T11:59:25.000Z', { done: 3, total: 9 }, at)).toEqual({
      kind: 'progress',
      progress: { done: 3, total: 9 },
    });
  });

  it('shows progress that arrives within the 35 seconds at once, in place of the preparing button', () => {
    expect(importStateOf('2026-03-10T11:59:50.000Z', { done: 3, total: 9 }, at)).toEqual({
      kind: 'progress',
      progress: { done: 3, total: 9 },
    });
  });

  it('shows the progress of a running import, and nothing without an import', () => {
    expect(importStateOf('Running', { done: 50, total: 120 }, at)).toEqual({
      kind: 'progress',
      progress: { done: 50, total: 120 },
    });
    expect(importStateOf('Running', undefined, at)).toEqual({ kind: 'none' });
    expect(importStateOf(null, { done: 1, total: 1 }, at)).toEqual({ kind: 'none' });
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import type { ImportRow } from './import-mapping.ts';
import { failureReasons, runImport, type RowOutcome } from './import-run.ts';

const row = (line: number, number = `55119998877${String(line).padStart(2, '0')}`): ImportRow => ({
  line,
  name: `Contact ${line}`,
  number,
  email: '',
});

describe('running an import', () => {
  it('sends the rows one by one, 330 ms apart, and counts created and existing contacts', async () => {
    const events: string[] = [];
    const summary = await runImport({
      rows: [row(2), row(3), row(4)],
      send: async (r) => {
        events.push(`send ${r.line}`);
        return { created: r.line !== 3 };
      },
      sleep: async (ms) => {
        events.push(`sleep ${ms}`);
      },
    });
    expect(events).toEqual(['send 2', 'sleep 330', 'send 3', 'sleep 330', 'send 4']);
    expect(summary).toMatchObject({ total: 3, created: 2, existing: 1, failed: [], stopped: false });
  });

  it('reports a row refused by validation with its field messages, and goes on with the next', async () => {
    const bad = row(3, '123');
    const outcomes: RowOutcome[] = [];
    const summary = await runImport({
      rows: [row(2), bad, row(4)],
      send: async (r) => {
        if (r === bad)
          throw new ApiError(400, { error: 'ERR_VALIDATION', fields: [{ path: 'body.number', message: 'Too Short!' }] });
        return { created: true };
      },
      sleep: async () => {},
      onRowDone: (_r, outcome) => outcomes.push(outcome),
    });
    expect(summary.created).toBe(2);
    expect(summary.failed).toEqual([{ row: bad, reasons: [{ field: 'number', message: 'validation.tooShort' }] }]);
    expect(outcomes.map((o) => o.kind)).toEqual(['created', 'failed', 'created']);
  });

  it('gives a progress message every 5 rows and at the end', async () => {
    const progress: string[] = [];
    await runImport({
      rows: Array.from({ length: 12 }, (_, i) => row(i + 2)),
      send: async () => ({ created: true }),
      sleep: async () => {},
      onProgress: (done, total) => progress.push(`${done}/${total}`),
    });
    expect(progress).toEqual(['5/12', '10/12', '12/12']);
  });

  it('stops between rows when asked, saying so in the summary', async () => {
    let sent = 0;
    const summary = await runImport({
      rows: [row(2), row(3), row(4)],
      send: async () => {
        sent++;
        return { created: true };
      },
      sleep: async () => {},
      shouldStop: () => sent >= 1,
    });
    expect(sent).toBe(1);
    expect(summary).toMatchObject({ created: 1, stopped: true });
  });
});

describe('why a row failed', () => {
  it('uses the error code when the server named no field', () => {
    expect(failureReasons(new ApiError(409, { error: 'ERR_DUPLICATED_CONTACT' }))).toEqual([
      { message: 'errors.ERR_DUPLICATED_CONTACT' },
    ]);
    expect(failureReasons(new ApiError(0, { error: 'ERR_NETWORK' }))).toEqual([{ message: 'errors.ERR_NETWORK' }]);
    expect(failureReasons(new Error('boom'))).toEqual([{ message: 'errors.generic' }]);
  });
});

/**
 * A push that fails for any reason but a closed connection (throttling, a missing grant) is logged as an error
 * line, which is what the caught-errors alarm counts (infra/lib/constructs/operations.ts: `{ $.level = "ERROR" }`).
 */
import type { RealtimeFrame } from '@switchboard/shared/events';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestTable } from '../../../../test/table.ts';
import { resetPorts, setLocalPorts } from '../ports/ports.ts';
import { postToConnection } from './publisher.ts';

/** Every structured line written to stdout or stderr while `run` runs. */
const logLines = async (run: () => Promise<unknown>): Promise<Record<string, unknown>[]> => {
  const written: string[] = [];
  const capture = (chunk: unknown) => {
    written.push(String(chunk));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    await run();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return written
    .join('')
    .split('\n')
    .filter((l) => l.trim().startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
};

const frame: RealtimeFrame = { event: 'company-1-ticket', data: { action: 'update' } };

beforeAll(async () => {
  await useTestTable();
});
afterEach(() => resetPorts());

describe('a push to a connection', () => {
  it('that fails is logged at level ERROR, as one JSON line the alarm filter reads', async () => {
    setLocalPorts({
      socketConnections: {
        post: () =>
          Promise.reject(
            Object.assign(new Error('User is not authorized to perform: execute-api:ManageConnections'), {
              name: 'AccessDeniedException',
            }),
          ),
        close: () => Promise.resolve(),
      },
    });
    let delivered: boolean | undefined;
    const lines = await logLines(async () => {
      delivered = await postToConnection('conn-1', frame);
    });
    expect(delivered).toBe(false);
    const line = lines.find((l) => l.message === 'post to connection failed');
    expect(line).toMatchObject({ level: 'ERROR', connectionId: 'conn-1' });
    expect(JSON.stringify(line)).toContain('AccessDeniedException');
  });

  it('to a connection that is gone is no error', async () => {
    setLocalPorts({ socketConnections: { post: () => Promise.resolve(false), close: () => Promise.resolve() } });
    const lines = await logLines(() => postToConnection('conn-2', frame));
    expect(lines.filter((l) => l.level === 'ERROR')).toEqual([]);
  });
});

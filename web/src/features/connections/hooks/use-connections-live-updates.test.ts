import type { Connection } from '@switchboard/shared/contracts/connections';
import { describe, expect, it } from 'vitest';
import { applySessionEvent } from './use-connections-live-updates.ts';

const row = (id: number) =>
  ({
    id,
    name: `C${id}`,
    status: 'OPENING',
    qrcode: '',
    retries: 0,
    number: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
  }) as unknown as Connection;

describe('a session frame', () => {
  it("replaces the session's status, QR code, retries, number and update time on its connection only", () => {
    const list = [row(1), row(2)];
    const next = applySessionEvent(list, {
      action: 'update',
      session: {
        id: 2,
        status: 'qrcode',
        qrcode: '2@abc',
        retries: 1,
        number: null,
        statusReason: null,
        updatedAt: '2026-01-01T00:00:05.000Z',
      },
    });
    expect(next![0]).toBe(list[0]);
    expect(next![1]).toMatchObject({
      id: 2,
      name: 'C2',
      status: 'qrcode',
      qrcode: '2@abc',
      retries: 1,
      updatedAt: '2026-01-01T00:00:05.000Z',
    });
    expect(
      applySessionEvent(undefined, {
        action: 'update',
        session: { id: 2, status: 'CONNECTED', qrcode: '', retries: 0, number: '5511', statusReason: null, updatedAt: '' },
      }),
    ).toBeUndefined();
  });
});

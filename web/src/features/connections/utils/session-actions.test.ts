import { connectionStatuses } from '@switchboard/shared/contracts/connections';
import { describe, expect, it } from 'vitest';
import { hasSessionHealth, qrDialogCloses, sessionActions } from './session-actions.ts';

describe('the session column', () => {
  it('offers the buttons of spec document 2 section 4 for a WhatsApp session', () => {
    expect(Object.fromEntries(connectionStatuses.map((s) => [s, sessionActions('whatsapp', s)]))).toEqual({
      qrcode: ['showQr'],
      DISCONNECTED: ['retry', 'newQr'],
      CONNECTED: [],
      PAIRING: [],
      TIMEOUT: ['disconnect'],
      OPENING: ['connecting'],
    });
  });

  it('offers nothing for channels without a session, whatever their status', () => {
    for (const channel of ['webchat', 'whatsappapi', 'facebook', 'instagram'] as const) {
      for (const status of connectionStatuses) expect(sessionActions(channel, status)).toEqual([]);
    }
    expect(hasSessionHealth('whatsapp')).toBe(true);
    expect(hasSessionHealth('whatsappapi')).toBe(false);
  });
});

describe('the QR dialog', () => {
  it('waits for the first code, then closes on an empty code, on CONNECTED or when the connection is gone', () => {
    const before = { code: false, session: true };
    const shown = { code: true, session: true };
    expect(qrDialogCloses({ status: 'OPENING', qrcode: '' }, before)).toBe(false);
    expect(qrDialogCloses({ status: 'qrcode', qrcode: '2@abc' }, shown)).toBe(false);
    expect(qrDialogCloses({ status: 'qrcode', qrcode: '' }, shown)).toBe(true);
    expect(qrDialogCloses({ status: 'PAIRING', qrcode: '' }, shown)).toBe(true);
    // a session that failed keeps the dialog open to say why
    expect(qrDialogCloses({ status: 'TIMEOUT', qrcode: '' }, shown)).toBe(false);
    expect(qrDialogCloses({ status: 'DISCONNECTED', qrcode: '' }, shown)).toBe(false);
    expect(qrDialogCloses({ status: 'CONNECTED', qrcode: '2@abc' }, before)).toBe(true);
    expect(qrDialogCloses(undefined, shown)).toBe(true);
    // a connection just created, not in the list yet
    expect(qrDialogCloses(undefined, { code: false, session: false })).toBe(false);
  });
});

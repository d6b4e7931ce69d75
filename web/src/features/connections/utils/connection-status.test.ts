import { connectionStatuses } from '@switchboard/shared/contracts/connections';
import { describe, expect, it } from 'vitest';
import { formatUpdatedAt, needsAttention, statusLook, statusReasonOf } from './connection-status.ts';

describe('connection status', () => {
  it("shows CONNECTED as 'online' and the states that need a person as warnings", () => {
    expect(statusLook('CONNECTED')).toMatchObject({ label: 'connections.status.CONNECTED', severity: 'success' });
    expect(statusLook('DISCONNECTED').severity).toBe('danger');
    expect(statusLook('OPENING').icon).toContain('pi-spin');
    for (const s of connectionStatuses) expect(statusLook(s).label).toBe(`connections.status.${s}`);
  });

  it('puts the warning badge on the menu when any connection is in qrcode, PAIRING, DISCONNECTED, TIMEOUT or OPENING', () => {
    expect(needsAttention(undefined)).toBe(false);
    expect(needsAttention([{ status: 'CONNECTED' }, { status: 'CONNECTED' }])).toBe(false);
    for (const status of ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const) {
      expect(needsAttention([{ status: 'CONNECTED' }, { status }])).toBe(true);
    }
  });

  it('formats the last update as dd/MM/yy HH:mm in local time', () => {
    expect(formatUpdatedAt(new Date(2025, 0, 5, 9, 7).toISOString())).toBe('05/01/25 09:07');
    expect(formatUpdatedAt(new Date(2031, 11, 31, 23, 59).toISOString())).toBe('31/12/31 23:59');
    expect(formatUpdatedAt('not a date')).toBe('');
  });

  it("tells why a connection is down or stopped: a known reason by its key with the provider's detail, any other as it is", () => {
    expect(
      statusReasonOf({ status: 'DISCONNECTED', statusReason: 'Meta refused the access token: Invalid OAuth access token' }),
    ).toEqual({
      key: 'connections.reasons.tokenRefused',
      detail: 'Invalid OAuth access token',
    });
    expect(
      statusReasonOf({
        status: 'TIMEOUT',
        statusReason: 'no QR code came in time (60 s): connection failed: getaddrinfo ENOTFOUND',
      }),
    ).toEqual({
      key: 'connections.reasons.noQr',
      detail: '(60 s): connection failed: getaddrinfo ENOTFOUND',
    });
    expect(statusReasonOf({ status: 'DISCONNECTED', statusReason: 'connectionClosed (428)' })).toEqual({
      detail: 'connectionClosed (428)',
    });
    // a connected or connecting connection tells no reason, even if one was kept
    expect(statusReasonOf({ status: 'CONNECTED', statusReason: 'connected' })).toBeUndefined();
    expect(statusReasonOf({ status: 'OPENING', statusReason: 'starting' })).toBeUndefined();
    expect(statusReasonOf({ status: 'DISCONNECTED', statusReason: null })).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { cardsFor, progressOf, reasonKeyOf, shippingSeverity, turnedFinished } from './campaign-report.ts';

describe('the report', () => {
  it('shows progress as delivered over valid contacts, in whole percent rounded down', () => {
    expect(progressOf({ valid: 2, delivered: 1 })).toBe(50);
    expect(progressOf({ valid: 200, delivered: 199 })).toBe(99);
    expect(progressOf({ valid: 200, delivered: 200 })).toBe(100);
    expect(progressOf({ valid: 3, delivered: 1 })).toBe(33);
  });

  it('shows 0 % without valid contacts and never more than 100 %', () => {
    expect(progressOf({ valid: 0, delivered: 0 })).toBe(0);
    expect(progressOf({ valid: 2, delivered: 3 })).toBe(100);
  });

  it('shows the confirmation cards only for a campaign that asks for confirmation', () => {
    expect(cardsFor(true)).toEqual([
      'valid',
      'sent',
      'deferred',
      'delivered',
      'read',
      'confirmationRequested',
      'confirmed',
      'failed',
    ]);
    expect(cardsFor(false)).toEqual(['valid', 'sent', 'deferred', 'delivered', 'read', 'failed']);
    // tagged contacts the connection's channel cannot reach are told apart, when there are some
    expect(cardsFor(false, { unreachable: 2 })).toEqual([
      'valid',
      'sent',
      'deferred',
      'delivered',
      'read',
      'failed',
      'unreachable',
    ]);
    expect(cardsFor(false, { unreachable: 0 })).toEqual(['valid', 'sent', 'deferred', 'delivered', 'read', 'failed']);
  });

  it('colours a send the channel only took apart from one it confirmed, and a deferred one as a warning', () => {
    expect(shippingSeverity('sent')).toBe('info');
    expect(shippingSeverity('delivered')).toBe('success');
    expect(shippingSeverity('read')).toBe('success');
    expect(shippingSeverity('deferred')).toBe('warning');
    expect(shippingSeverity('failed')).toBe('danger');
  });

  it('reloads only when a status it had seen turns FINALIZADA', () => {
    expect(turnedFinished('EM_ANDAMENTO', 'FINALIZADA')).toBe(true);
    expect(turnedFinished('FINALIZADA', 'FINALIZADA')).toBe(false);
    expect(turnedFinished(undefined, 'FINALIZADA')).toBe(false);
    expect(turnedFinished('EM_ANDAMENTO', 'CANCELADA')).toBe(false);
  });

  it('words the reasons it knows and tries the rest as error codes', () => {
    expect(reasonKeyOf('optedOut')).toBe('campaigns.report.reasons.optedOut');
    expect(reasonKeyOf('ERR_SENDING_WAPP_MSG')).toBe('errors.ERR_SENDING_WAPP_MSG');
  });
});

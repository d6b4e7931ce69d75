import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../lib/clock.ts';
import { makeMessage } from '../../../test-fixtures.ts';
import { canDeleteMessage, canEditMessage, isBlank, keepsRecording, parseVCard, withSignature } from './message-rules.ts';

const sent = makeMessage({ fromMe: true, userId: 5, createdAt: '2025-05-10T10:00:00.000Z' });

describe('editing and deleting messages', () => {
  it('lets the sender edit a text for 15 minutes after sending', () => {
    expect(canEditMessage(sent, 5, fixedClock('2025-05-10T10:14:59.000Z').now())).toBe(true);
    expect(canEditMessage(sent, 5, fixedClock('2025-05-10T10:15:00.000Z').now())).toBe(true);
    expect(canEditMessage(sent, 5, fixedClock('2025-05-10T10:15:00.001Z').now())).toBe(false);
  });

  it("never lets an agent edit another agent's or the contact's message, a deleted one or a media message", () => {
    const at = fixedClock('2025-05-10T10:01:00.000Z').now();
    expect(canEditMessage(sent, 6, at)).toBe(false);
    expect(canEditMessage(makeMessage({ fromMe: false, createdAt: sent.createdAt }), 5, at)).toBe(false);
    expect(canEditMessage({ ...sent, isDeleted: true }, 5, at)).toBe(false);
    expect(canEditMessage({ ...sent, mediaType: 'image' }, 5, at)).toBe(false);
  });

  it('lets only the sender delete a message, at any time', () => {
    expect(canDeleteMessage(sent, 5)).toBe(true);
    expect(canDeleteMessage(sent, 6)).toBe(false);
    expect(canDeleteMessage(makeMessage({ fromMe: false }), 5)).toBe(false);
    expect(canDeleteMessage({ ...sent, isDeleted: true }, 5)).toBe(false);
  });
});

describe('sending', () => {
  it('does not send a body that is empty after trimming', () => {
    expect(isBlank('   \n ')).toBe(true);
    expect(isBlank(' oi ')).toBe(false);
  });

  it("prefixes the agent's name in bold on its own line when the signature is on", () => {
    expect(withSignature('Bom dia', 'Ana', true)).toBe('*Ana:*\nBom dia');
    expect(withSignature('Bom dia', 'Ana', false)).toBe('Bom dia');
    expect(withSignature('  ', 'Ana', true)).toBe('  ');
  });

  it('discards recordings under 10000 bytes', () => {
    expect(keepsRecording(9_999)).toBe(false);
    expect(keepsRecording(10_000)).toBe(true);
  });

  it('reads the name and number of a shared contact card', () => {
    const card = 'BEGIN:VCARD\nVERSION:3.0\nN:;João;;;\nFN:João\nTEL;type=CELL;waid=5511988887777:+5511988887777\nEND:VCARD';
    expect(parseVCard(card)).toEqual({ name: 'João', number: '+5511988887777' });
    expect(parseVCard('hello')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { reachableAddress } from './campaign-recipients.ts';

const contact = (fields: Partial<Parameters<typeof reachableAddress>[0]>) => ({
  channel: 'whatsapp' as const,
  number: '+55 (11) 98888-0001',
  isGroup: false,
  whatsappId: null,
  active: true,
  ...fields,
});

describe('who a tag campaign reaches through its connection', () => {
  it('reaches the numbers of either WhatsApp channel through a Baileys or a Cloud API connection', () => {
    for (const channel of ['whatsapp', 'whatsappapi'] as const) {
      const reach = { channel, connectionId: 4 };
      expect(reachableAddress(contact({}), reach)).toBe('5511988880001');
      expect(reachableAddress(contact({ channel: 'whatsappapi', whatsappId: 9 }), reach)).toBe('5511988880001');
      expect(reachableAddress(contact({ channel: 'facebook', number: '6001002003' }), reach)).toBeUndefined();
      expect(reachableAddress(contact({ channel: 'webchat', number: 'visitor-1' }), reach)).toBeUndefined();
      expect(reachableAddress(contact({ isGroup: true, number: '120363000000000000' }), reach)).toBeUndefined();
      expect(reachableAddress(contact({ number: '12345678901234@lid' }), reach)).toBeUndefined();
      expect(reachableAddress(contact({ number: '1234' }), reach)).toBeUndefined();
      expect(reachableAddress(contact({ active: false }), reach)).toBeUndefined();
    }
  });

  it('reaches only the contacts of its own page or account on Messenger and Instagram (their ids are page-scoped)', () => {
    const page = { channel: 'facebook' as const, connectionId: 7 };
    expect(reachableAddress(contact({ channel: 'facebook', number: '6001002003', whatsappId: 7 }), page)).toBe('6001002003');
    expect(reachableAddress(contact({ channel: 'facebook', number: '6001002003', whatsappId: 8 }), page)).toBeUndefined();
    expect(reachableAddress(contact({ channel: 'instagram', number: '7001', whatsappId: 7 }), page)).toBeUndefined();
    expect(reachableAddress(contact({}), page)).toBeUndefined();
    const account = { channel: 'instagram' as const, connectionId: 9 };
    expect(reachableAddress(contact({ channel: 'instagram', number: '7001', whatsappId: 9 }), account)).toBe('7001');
  });

  it('reaches nobody through a web chat connection', () => {
    expect(
      reachableAddress(contact({ channel: 'webchat', number: 'visitor-1', whatsappId: 3 }), {
        channel: 'webchat',
        connectionId: 3,
      }),
    ).toBeUndefined();
  });
});

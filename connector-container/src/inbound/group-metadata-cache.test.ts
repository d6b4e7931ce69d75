import type { GroupMetadata } from '@whiskeysockets/baileys';
import { describe, expect, it } from 'vitest';
import { GroupMetadataCache } from './group-metadata-cache.ts';

const group = (): GroupMetadata => ({
  id: '1@g.us',
  owner: undefined,
  subject: 'Vendas',
  participants: [{ id: 'a@s.whatsapp.net', admin: null }],
});

describe('the group metadata cache', () => {
  it('answers from memory, reads a miss once however many ask at once, and reads again after the TTL', async () => {
    let t = 0;
    let fetches = 0;
    const cache = new GroupMetadataCache(() => t, 1000);
    const fetch = async () => {
      fetches++;
      return group();
    };
    const [a, b] = await Promise.all([cache.get('1@g.us', fetch), cache.get('1@g.us', fetch)]);
    expect(a?.subject).toBe('Vendas');
    expect(b).toBe(a);
    expect(fetches).toBe(1);
    t = 999;
    await cache.get('1@g.us', fetch);
    expect(fetches).toBe(1);
    t = 1000;
    await cache.get('1@g.us', fetch);
    expect(fetches).toBe(2);
    expect(await cache.get('2@g.us', async () => Promise.reject(new Error('rate-overlimit')))).toBeUndefined();
  });

  it('follows groups.update and group-participants.update', () => {
    const cache = new GroupMetadataCache(() => 0);
    cache.set(group());
    cache.update([{ id: '1@g.us', subject: 'Vendas SP' }]);
    cache.participants('1@g.us', [{ id: 'b@s.whatsapp.net' }], 'add');
    cache.participants('1@g.us', [{ id: 'a@s.whatsapp.net' }], 'promote');
    expect(cache.peek('1@g.us')).toMatchObject({
      subject: 'Vendas SP',
      size: 2,
      participants: [
        { id: 'a@s.whatsapp.net', admin: 'admin' },
        { id: 'b@s.whatsapp.net', admin: null },
      ],
    });
    cache.participants('1@g.us', [{ id: 'a@s.whatsapp.net' }], 'remove');
    expect(cache.peek('1@g.us')?.participants.map((p) => p.id)).toEqual(['b@s.whatsapp.net']);
  });
});

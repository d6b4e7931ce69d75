import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { resetJwtKeys } from '../auth/secrets.ts';
import { resetConfig } from '../config.ts';
import { AppError } from '../errors.ts';
import { decodeCursor, encodeCursor, isKeyRecord, type CursorScope } from './cursor.ts';

const saved = { ...process.env };
const useSecret = (secret: string) => {
  Object.assign(process.env, {
    TABLE_NAME: 't',
    WS_MANAGEMENT_ENDPOINT: 'https://ws.example.test',
    PUBLIC_URL: 'https://app.example.test',
    JWT_SECRET: secret,
    JWT_REFRESH_SECRET: 'refresh-secret-0123456789abcdef0123456789',
  });
  resetConfig();
  resetJwtKeys();
};

beforeEach(() => useSecret('access-secret-0123456789abcdef0123456789'));
afterAll(() => {
  process.env = saved;
  resetConfig();
  resetJwtKeys();
});

const key = { pk: 'C#7#USERS', sk: 'U#0000000042', gsi1pk: 'C#7#USER-LIST', gsi1sk: 'ana#0000000042' };
const scope: CursorScope = { list: 'users.list', companyId: 7, filters: { search: 'ana', queueIds: [3, 1] } };

/** The 400 a bad cursor answers: ERR_VALIDATION naming query.cursor. */
const refused = async (attempt: Promise<unknown>) => {
  const error = await attempt.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: 'ERR_VALIDATION', fields: [{ path: 'query.cursor', message: 'Invalid cursor' }] });
};

describe('paging cursors', () => {
  it('give back the position they were made with, for the same query', async () => {
    const cursor = await encodeCursor(key, scope);
    expect(await decodeCursor(cursor, scope, isKeyRecord)).toEqual(key);
    // the filters' key order and undefined members do not make another query
    const same: CursorScope = {
      list: 'users.list',
      companyId: 7,
      filters: { queueIds: [3, 1], channel: undefined, search: 'ana' },
    };
    expect(await decodeCursor(cursor, same, isKeyRecord)).toEqual(key);
    expect(await decodeCursor(undefined, scope, isKeyRecord)).toBeUndefined();
    expect(await decodeCursor('', scope, isKeyRecord)).toBeUndefined();
  });

  it('show neither the table keys nor the company id, and differ each time', async () => {
    const first = await encodeCursor(key, scope);
    const second = await encodeCursor(key, scope);
    expect(first).not.toBe(second);
    expect(first).toMatch(/^[A-Za-z0-9_-]+$/);
    const bytes = Buffer.from(first, 'base64url').toString('latin1');
    for (const text of ['C#7', 'USERS', 'gsi1pk', '0000000042']) expect(bytes).not.toContain(text);
  });

  it('refuse a cursor of another list, another company or other filters', async () => {
    const cursor = await encodeCursor(key, scope);
    await refused(decodeCursor(cursor, { ...scope, list: 'audit.list' }, isKeyRecord));
    await refused(decodeCursor(cursor, { ...scope, companyId: 8 }, isKeyRecord));
    await refused(decodeCursor(cursor, { ...scope, companyId: null }, isKeyRecord));
    await refused(decodeCursor(cursor, { ...scope, filters: { search: 'bia', queueIds: [3, 1] } }, isKeyRecord));
    await refused(decodeCursor(cursor, { ...scope, filters: { search: 'ana', queueIds: [1, 3] } }, isKeyRecord));
    await refused(decodeCursor(cursor, { list: 'users.list', companyId: 7 }, isKeyRecord));
  });

  it('refuse a changed byte, a cut, garbage and the old plain JSON form', async () => {
    const cursor = await encodeCursor(key, scope);
    const raw = Buffer.from(cursor, 'base64url');
    for (const at of [0, 1, 14, raw.length - 1]) {
      const changed = Buffer.from(raw);
      changed[at]! ^= 0x01;
      await refused(decodeCursor(changed.toString('base64url'), scope, isKeyRecord));
    }
    await refused(decodeCursor(cursor.slice(0, -4), scope, isKeyRecord));
    await refused(decodeCursor(`${cursor}AA`, scope, isKeyRecord));
    await refused(decodeCursor(`${cursor.slice(0, 10)}!${cursor.slice(11)}`, scope, isKeyRecord));
    await refused(decodeCursor('not-a-cursor', scope, isKeyRecord));
    await refused(decodeCursor(Buffer.from(JSON.stringify(key)).toString('base64url'), scope, isKeyRecord));
  });

  it('refuse a sealed value that is not the position the list expects', async () => {
    const cursor = await encodeCursor({ t: 5 }, scope);
    await refused(decodeCursor(cursor, scope, isKeyRecord));
  });

  it('do not open under another signing secret', async () => {
    const cursor = await encodeCursor(key, scope);
    useSecret('another-access-secret-0123456789abcdef01234');
    await refused(decodeCursor(cursor, scope, isKeyRecord));
    expect(await decodeCursor(await encodeCursor(key, scope), scope, isKeyRecord)).toEqual(key);
  });

  it('stay short for merged lists that carry a key per partition', async () => {
    const merged = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [
        `Q.${i}.pending`,
        {
          pk: `C#7#T#${String(i).padStart(10, '0')}`,
          sk: 'TICKET',
          gsi2pk: `C#7#TQ#${i}#pending`,
          gsi2sk: `2025-01-01T10:00:00.000Z#${String(i).padStart(10, '0')}`,
        },
      ]),
    );
    const cursor = await encodeCursor(merged, scope);
    expect(cursor.length).toBeLessThan(Buffer.from(JSON.stringify(merged)).toString('base64url').length / 2);
    expect(await decodeCursor(cursor, scope, (v): v is typeof merged => typeof v === 'object')).toEqual(merged);
  });
});

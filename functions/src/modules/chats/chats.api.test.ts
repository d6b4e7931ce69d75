import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, fieldsOf, SocketProbe, startApi } from '../../../../test/api.ts';
import { addAgent, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';

let runtime: Runtime;
let company: TestCompany;
let ana: { client: ApiClient; id: number; name: string };
let bruno: { client: ApiClient; id: number; name: string };
let outsider: { client: ApiClient; id: number; name: string };

interface Chat {
  id: number;
  uuid: string;
  title: string;
  ownerId: number;
  lastMessage: string;
  users: { userId: number; unreads: number; user: { id: number; name: string } }[];
}
interface ChatMessage {
  id: string;
  chatId: number;
  senderId: number;
  sender: { id: number; name: string };
  message: string;
  mediaName: string | null;
  mediaType: string | null;
  mediaUrl: string | null;
  edited: boolean;
}

const unreadsOf = (chat: Chat) => Object.fromEntries(chat.users.map((u) => [u.userId, u.unreads]));

const createChat = async (client: ApiClient, title: string, userIds: number[]) => {
  const res = await client.post('/chats', { title, users: userIds.map((id) => ({ id })) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Chat;
};
const post = async (client: ApiClient, chatId: number | string, message: string) => {
  const res = await client.post(`/chats/${chatId}/messages`, { message });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as ChatMessage;
};
const unreadCount = async (client: ApiClient) => (await client.get('/chats')).body.unreadCount as number;

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Chat Co');
  ana = await addAgent(runtime, company, {}, 'Ana');
  bruno = await addAgent(runtime, company, {}, 'Bruno');
  outsider = await addAgent(runtime, company, {}, 'Olga');
});
afterAll(async () => {
  await runtime?.stop();
});

describe('create and read', () => {
  it('creates a chat (201) owned by the caller, with the chosen users as members and nothing unread', async () => {
    const chat = await createChat(ana.client, 'Team', [bruno.id]);
    expect(chat).toMatchObject({ title: 'Team', ownerId: ana.id, lastMessage: '' });
    expect(chat.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(chat.users).toEqual([
      { userId: ana.id, unreads: 0, user: { id: ana.id, name: 'Ana' } },
      { userId: bruno.id, unreads: 0, user: { id: bruno.id, name: 'Bruno' } },
    ]);
    expect((await bruno.client.get(`/chats/${chat.id}`)).body).toEqual(chat);
    // the web app's address names the chat by its uuid
    expect((await bruno.client.get(`/chats/${chat.uuid}`)).body).toEqual(chat);
  });

  it('requires a title and at least one user, refuses unknown users, and writes nothing on bad input', async () => {
    const before = (await ana.client.get('/chats')).body.records.length as number;
    const noTitle = await ana.client.post('/chats', { title: '  ', users: [{ id: bruno.id }] });
    expect(noTitle).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(fieldsOf(noTitle.body)).toEqual({ 'body.title': 'Required' });
    expect(fieldsOf((await ana.client.post('/chats', { title: 'Lonely', users: [] })).body)).toEqual({
      'body.users': 'Choose at least one user',
    });
    expect(fieldsOf((await ana.client.post('/chats', { title: 'No users' })).body)).toHaveProperty('body.users');
    expect(
      fieldsOf((await ana.client.post('/chats', { title: 'x'.repeat(101), users: [{ id: bruno.id }] })).body),
    ).toHaveProperty('body.title');
    const unknown = await ana.client.post('/chats', { title: 'Ghosts', users: [{ id: bruno.id }, { id: 999_999 }] });
    expect(unknown).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(fieldsOf(unknown.body)).toEqual({ 'body.users.1.id': 'Unknown user' });
    expect((await ana.client.get('/chats')).body.records).toHaveLength(before);
  });

  it('answers 404 to a user who is not a member, for every route of the chat', async () => {
    const chat = await createChat(ana.client, 'Private', [bruno.id]);
    const message = await post(ana.client, chat.id, 'secret');
    for (const res of [
      await outsider.client.get(`/chats/${chat.id}`),
      await outsider.client.get(`/chats/${chat.uuid}`),
      await outsider.client.get(`/chats/${chat.id}/messages`),
      await outsider.client.post(`/chats/${chat.id}/messages`, { message: 'let me in' }),
      await outsider.client.post(`/chats/${chat.id}/read`),
      await outsider.client.put(`/chats/${chat.id}`, { title: 'Mine', users: [{ id: outsider.id }] }),
      await outsider.client.delete(`/chats/${chat.id}`),
      await outsider.client.post('/chats/upload', { chatId: chat.id, name: 'a.png', mimeType: 'image/png', size: 3 }),
      await outsider.client.put(`/chats/messages/${message.id}`, { message: 'changed' }),
      await outsider.client.delete(`/chats/messages/${message.id}`),
    ]) {
      expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });
    }
    expect((await outsider.client.get('/chats')).body.records.map((c: Chat) => c.id)).not.toContain(chat.id);
    expect((await ana.client.get(`/chats/${chat.id}/messages`)).body.records.map((m: ChatMessage) => m.message)).toEqual([
      'secret',
    ]);
  });

  it("answers 404 for another company's chat, even to its admin, and changes nothing", async () => {
    const other = await signupCompany(runtime, 'Other Chat Co');
    const colleague = await addAgent(runtime, other);
    const foreign = await createChat(other.admin, 'Foreign', [colleague.id]);
    expect((await company.admin.get(`/chats/${foreign.id}`)).status).toBe(404);
    expect((await company.admin.get(`/chats/${foreign.uuid}`)).status).toBe(404);
    expect((await company.admin.post(`/chats/${foreign.id}/messages`, { message: 'hi' })).status).toBe(404);
    expect((await company.admin.delete(`/chats/${foreign.id}`)).status).toBe(404);
    // a user of another company cannot be made a member
    expect((await company.admin.post('/chats', { title: 'Cross', users: [{ id: colleague.id + 1000 }] })).status).toBe(400);
    expect((await other.admin.get(`/chats/${foreign.id}`)).body).toEqual(foreign);
  });
});

describe('list', () => {
  it("lists only the caller's chats, most recently active first, by page, searchable by title", async () => {
    const local = await signupCompany(runtime, 'Paging Chat Co');
    const mate = await addAgent(runtime, local);
    const stranger = await addAgent(runtime, local);
    const made: Chat[] = [];
    for (let i = 0; i < 22; i++) made.push(await createChat(local.admin, `Room ${String(i).padStart(2, '0')}`, [mate.id]));
    await createChat(stranger.client, 'Not for the admin', [mate.id]);
    // a post moves its chat to the top
    await post(mate.client, made[3]!.id, 'bump');
    const first = await local.admin.get('/chats?pageNumber=1');
    expect(first.status).toBe(200);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.records).toHaveLength(20);
    expect(first.body.records[0].title).toBe('Room 03');
    expect(first.body.records[1].title).toBe('Room 21');
    const second = await local.admin.get('/chats?pageNumber=2');
    expect(second.body).toMatchObject({ hasMore: false });
    expect(second.body.records.map((c: Chat) => c.title)).toEqual(['Room 01', 'Room 00']);
    const searched = await local.admin.get('/chats?searchParam=ROOM%201');
    expect(searched.body.records.map((c: Chat) => c.title).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `Room 1${i}`));
    expect((await local.admin.get('/chats?pageNumber=0')).status).toBe(400);
    expect((await mate.client.get('/chats')).body.records.map((c: Chat) => c.title)).toContain('Not for the admin');
  });
});

describe('messages and unread counts', () => {
  it('sets lastMessage to "<sender>: <text>", counts one unread for every other member and none for the sender', async () => {
    const chat = await createChat(ana.client, 'Counting', [bruno.id, company.adminId]);
    const baseBruno = await unreadCount(bruno.client);
    await post(ana.client, chat.id, 'first');
    const sent = await post(ana.client, chat.id, '  second  ');
    expect(sent).toMatchObject({
      chatId: chat.id,
      senderId: ana.id,
      sender: { id: ana.id, name: 'Ana' },
      message: 'second',
      edited: false,
      mediaUrl: null,
    });
    const seen = (await bruno.client.get(`/chats/${chat.id}`)).body as Chat;
    expect(seen.lastMessage).toBe('Ana: second');
    expect(unreadsOf(seen)).toEqual({ [ana.id]: 0, [bruno.id]: 2, [company.adminId]: 2 });
    expect(await unreadCount(bruno.client)).toBe(baseBruno + 2);

    // replying clears the replier's own count; reading clears the reader's
    await post(bruno.client, chat.id, 'reply');
    expect(unreadsOf((await ana.client.get(`/chats/${chat.id}`)).body)).toEqual({
      [ana.id]: 1,
      [bruno.id]: 0,
      [company.adminId]: 3,
    });
    expect(await unreadCount(bruno.client)).toBe(baseBruno);
    const read = await company.admin.post(`/chats/${chat.id}/read`);
    expect(read.status).toBe(200);
    expect(unreadsOf(read.body)).toEqual({ [ana.id]: 1, [bruno.id]: 0, [company.adminId]: 0 });
  });

  it('keeps the counts exact under concurrent posts', async () => {
    const chat = await createChat(ana.client, 'Busy', [bruno.id, outsider.id]);
    const baseOutsider = await unreadCount(outsider.client);
    await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => post(ana.client, chat.id, `a${i}`)),
      ...Array.from({ length: 8 }, (_, i) => post(bruno.client, chat.id, `b${i}`)),
    ]);
    const counts = unreadsOf((await outsider.client.get(`/chats/${chat.id}`)).body);
    expect(counts[outsider.id]).toBe(20);
    expect(await unreadCount(outsider.client)).toBe(baseOutsider + 20);
    const messages = [];
    for (let page = 1; page <= 2; page++)
      messages.push(...(await outsider.client.get(`/chats/${chat.id}/messages?pageNumber=${page}`)).body.records);
    expect(messages).toHaveLength(20);
    await outsider.client.post(`/chats/${chat.id}/read`);
    expect(await unreadCount(outsider.client)).toBe(baseOutsider);
  });

  it('pages messages newest first, by page number or by cursor', async () => {
    const chat = await createChat(ana.client, 'History', [bruno.id]);
    for (let i = 0; i < 45; i++) await post(i % 2 ? bruno.client : ana.client, chat.id, `m${i}`);
    const first = (await bruno.client.get(`/chats/${chat.id}/messages`)).body;
    expect(first.records.map((m: ChatMessage) => m.message)).toEqual(Array.from({ length: 20 }, (_, i) => `m${44 - i}`));
    expect(first.hasMore).toBe(true);
    const byNumber = (await bruno.client.get(`/chats/${chat.id}/messages?pageNumber=2`)).body;
    const byCursor = (await bruno.client.get(`/chats/${chat.id}/messages?cursor=${first.nextCursor}`)).body;
    expect(byCursor.records).toEqual(byNumber.records);
    expect(byNumber.records.map((m: ChatMessage) => m.message)).toEqual(Array.from({ length: 20 }, (_, i) => `m${24 - i}`));
    const last = (await bruno.client.get(`/chats/${chat.id}/messages?pageNumber=3`)).body;
    expect(last).toMatchObject({ hasMore: false, nextCursor: null });
    expect(last.records.map((m: ChatMessage) => m.message)).toEqual(['m4', 'm3', 'm2', 'm1', 'm0']);
    expect((await bruno.client.get(`/chats/${chat.id}/messages?cursor=not-a-cursor`)).status).toBe(400);
  });

  it('refuses a blank message (400) and writes nothing', async () => {
    const chat = await createChat(ana.client, 'Quiet', [bruno.id]);
    const res = await ana.client.post(`/chats/${chat.id}/messages`, { message: '   ' });
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(fieldsOf(res.body)).toEqual({ 'body.message': 'Empty message' });
    expect((await ana.client.get(`/chats/${chat.id}/messages`)).body.records).toEqual([]);
    expect((await bruno.client.get(`/chats/${chat.id}`)).body.lastMessage).toBe('');
  });

  it('lets only the sender edit or delete a message (others 403)', async () => {
    const chat = await createChat(ana.client, 'Edits', [bruno.id]);
    const message = await post(ana.client, chat.id, 'typo');
    expect(await bruno.client.put(`/chats/messages/${message.id}`, { message: 'hijack' })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect(await bruno.client.delete(`/chats/messages/${message.id}`)).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect(fieldsOf((await ana.client.put(`/chats/messages/${message.id}`, { message: ' ' })).body)).toEqual({
      'body.message': 'Required',
    });
    const edited = await ana.client.put(`/chats/messages/${message.id}`, { message: 'fixed' });
    expect(edited).toMatchObject({ status: 200, body: { id: message.id, message: 'fixed', edited: true } });
    expect((await bruno.client.get(`/chats/${chat.id}/messages`)).body.records[0]).toMatchObject({
      message: 'fixed',
      edited: true,
    });
    expect(await ana.client.delete(`/chats/messages/${message.id}`)).toMatchObject({ status: 200, body: { ok: true } });
    expect((await bruno.client.get(`/chats/${chat.id}/messages`)).body.records).toEqual([]);
    expect((await ana.client.delete(`/chats/messages/${message.id}`)).status).toBe(404);
  });
});

describe('attachments', () => {
  it('uploads a file through the answered address, posts it, and serves it as a download that cannot run', async () => {
    const chat = await createChat(ana.client, 'Files', [bruno.id]);
    const bytes = Buffer.from('<html><script>alert(1)</script></html>');
    const target = await ana.client.post('/chats/upload', {
      chatId: chat.id,
      name: 'notes.txt',
      mimeType: 'text/plain',
      size: bytes.length,
    });
    expect(target.status, JSON.stringify(target.body)).toBe(200);
    // not uploaded yet: refused
    expect(
      fieldsOf(
        (
          await ana.client.post(`/chats/${chat.id}/messages`, {
            media: { key: target.body.key, name: 'notes.txt', mimeType: 'text/plain', size: bytes.length },
          })
        ).body,
      ),
    ).toEqual({
      'body.media.key': 'Not uploaded',
    });
    expect((await fetch(target.body.uploadUrl, { method: 'PUT', headers: target.body.headers, body: bytes })).status).toBe(200);
    const sent = await ana.client.post(`/chats/${chat.id}/messages`, {
      media: { key: target.body.key, name: 'notes.txt', mimeType: 'text/plain', size: bytes.length },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ message: '', mediaName: 'notes.txt', mediaType: 'text/plain' });
    expect((await bruno.client.get(`/chats/${chat.id}`)).body.lastMessage).toBe('Ana: notes.txt');
    const file = await fetch(`${runtime.url}${sent.body.mediaUrl}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toBe('sandbox');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);
  });

  it("refuses an active file type, and a key of another chat's uploads", async () => {
    const chat = await createChat(ana.client, 'Strict', [bruno.id]);
    const other = await createChat(ana.client, 'Elsewhere', [bruno.id]);
    expect(
      fieldsOf(
        (await ana.client.post('/chats/upload', { chatId: chat.id, name: 'x.html', mimeType: 'text/html', size: 3 })).body,
      ),
    ).toHaveProperty('body.mimeType');
    const target = await ana.client.post('/chats/upload', { chatId: other.id, name: 'a.png', mimeType: 'image/png', size: 3 });
    await fetch(target.body.uploadUrl, { method: 'PUT', headers: target.body.headers, body: Buffer.from('abc') });
    const res = await ana.client.post(`/chats/${chat.id}/messages`, {
      media: { key: target.body.key, name: 'a.png', mimeType: 'image/png', size: 3 },
    });
    expect(fieldsOf(res.body)).toEqual({ 'body.media.key': 'Unknown upload' });
    expect((await ana.client.get(`/chats/${chat.id}/messages`)).body.records).toEqual([]);
  });
});

describe('update and delete', () => {
  it('lets only the owner rename the chat and change its members (others 403)', async () => {
    const chat = await createChat(ana.client, 'Before', [bruno.id, outsider.id]);
    await post(ana.client, chat.id, 'one');
    await post(ana.client, chat.id, 'two');
    const outsiderBase = await unreadCount(outsider.client);
    expect(await bruno.client.put(`/chats/${chat.id}`, { title: 'Hijacked', users: [{ id: bruno.id }] })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect(await bruno.client.delete(`/chats/${chat.id}`)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(fieldsOf((await ana.client.put(`/chats/${chat.id}`, { title: '', users: [{ id: bruno.id }] })).body)).toEqual({
      'body.title': 'Required',
    });
    expect((await bruno.client.get(`/chats/${chat.id}`)).body.title).toBe('Before');

    const res = await ana.client.put(`/chats/${chat.uuid}`, {
      title: 'After',
      users: [{ id: bruno.id }, { id: company.adminId }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.title).toBe('After');
    expect(unreadsOf(res.body)).toEqual({ [ana.id]: 0, [bruno.id]: 2, [company.adminId]: 0 });
    // the removed member no longer sees it, and its unread messages no longer count for them
    expect((await outsider.client.get(`/chats/${chat.id}`)).status).toBe(404);
    expect(await unreadCount(outsider.client)).toBe(outsiderBase - 2);
    expect((await company.admin.get(`/chats/${chat.id}/messages`)).body.records).toHaveLength(2);
  });

  it('deletes the chat with its messages; it is gone for every member and their counts drop', async () => {
    const chat = await createChat(ana.client, 'Doomed', [bruno.id]);
    const base = await unreadCount(bruno.client);
    await post(ana.client, chat.id, 'bye');
    expect(await unreadCount(bruno.client)).toBe(base + 1);
    expect(await ana.client.delete(`/chats/${chat.id}`)).toMatchObject({ status: 200, body: { ok: true } });
    expect((await bruno.client.get(`/chats/${chat.id}`)).status).toBe(404);
    expect((await bruno.client.get(`/chats/${chat.uuid}`)).status).toBe(404);
    expect((await ana.client.get(`/chats/${chat.id}/messages`)).status).toBe(404);
    expect(await unreadCount(bruno.client)).toBe(base);
    expect((await ana.client.delete(`/chats/${chat.id}`)).status).toBe(404);
  });
});

describe('realtime', () => {
  it("pushes the chat's frames to its members only", async () => {
    const sockets = await Promise.all(
      [ana, bruno, outsider].map((u) => SocketProbe.open(runtime.url, `token=${u.client.token}`)),
    );
    const [anaSocket, brunoSocket, outsiderSocket] = sockets as [SocketProbe, SocketProbe, SocketProbe];
    const cid = company.companyId;
    try {
      const chat = await createChat(ana.client, 'Live', [bruno.id]);
      const created = await brunoSocket.waitFor(
        (f) => f.event === `company-${cid}-chat-user-${bruno.id}` && f.data.record?.id === chat.id,
      );
      expect(created.data).toEqual({ action: 'create', record: chat });
      await anaSocket.waitFor((f) => f.event === `company-${cid}-chat-user-${ana.id}` && f.data.action === 'create');

      const message = await post(ana.client, chat.id, 'hello live');
      for (const event of [`company-${cid}-chat`, `company-${cid}-chat-${chat.id}`]) {
        const frame = await brunoSocket.waitFor((f) => f.event === event && f.data.action === 'new-message');
        expect(frame.data.newMessage).toEqual(message);
        expect(frame.data.chat).toMatchObject({ id: chat.id, lastMessage: 'Ana: hello live' });
        expect(unreadsOf(frame.data.chat)).toEqual({ [ana.id]: 0, [bruno.id]: 1 });
      }

      await bruno.client.post(`/chats/${chat.id}/read`);
      const read = await anaSocket.waitFor((f) => f.event === `company-${cid}-chat` && f.data.action === 'update');
      expect(unreadsOf(read.data.chat)).toEqual({ [ana.id]: 0, [bruno.id]: 0 });

      await ana.client.put(`/chats/${chat.id}`, { title: 'Live renamed', users: [{ id: bruno.id }] });
      const renamed = await brunoSocket.waitFor(
        (f) => f.event === `company-${cid}-chat-user-${bruno.id}` && f.data.action === 'update',
      );
      expect(renamed.data.record).toMatchObject({ id: chat.id, title: 'Live renamed' });

      await ana.client.delete(`/chats/${chat.id}`);
      expect((await brunoSocket.waitFor((f) => f.event === `company-${cid}-chat` && f.data.action === 'delete')).data).toEqual({
        action: 'delete',
        id: chat.id,
      });

      // the member outside the chat heard nothing of it
      expect(outsiderSocket.frames.filter((f) => f.event.startsWith(`company-${cid}-chat`))).toEqual([]);
    } finally {
      await Promise.all(sockets.map((s) => s.close()));
    }
  });

  it('tells a member taken out of the chat that it is gone for them', async () => {
    const socket = await SocketProbe.open(runtime.url, `token=${outsider.client.token}`);
    try {
      const chat = await createChat(ana.client, 'Shrinking', [bruno.id, outsider.id]);
      await ana.client.put(`/chats/${chat.id}`, { title: 'Shrinking', users: [{ id: bruno.id }] });
      const frame = await socket.waitFor((f) => f.event === `company-${company.companyId}-chat` && f.data.action === 'delete');
      expect(frame.data).toEqual({ action: 'delete', id: chat.id });
    } finally {
      await socket.close();
    }
  });
});

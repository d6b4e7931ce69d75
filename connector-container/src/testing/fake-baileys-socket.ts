/**
 * A scripted stand-in for Baileys' socket, for tests of the session manager, the message bridge and the
 * Connections page (`startRuntime({ whatsappSocketFactory: fakes.factory })`). Events go in through Baileys' own
 * event buffer (`ev.on/off/emit/process` behave as the real socket's), and every call out is recorded.
 *
 * Script a session: `fakes.latest({ companyId, connectionId })` (or `await fakes.next({ companyId, connectionId })`) gives its current socket;
 * then `showQr(code)`, `scan()` (pairing: new login, then WhatsApp's restart request), `open(number)`,
 * `close(DisconnectReason.x)`, `receive(messages)` for `messages.upsert`, `call(from, id, status)` for `call`, or
 * `syncChats(chats)` for a history sync of chats; `FakeBaileysSocket.profilePictures` answers `profilePictureUrl`.
 */
import { DisconnectReason, makeEventBuffer, type WACallEvent, type WAMessage, type WASocket } from '@whiskeysockets/baileys';
import type { SocketFactory, SocketRequest } from '../sessions/socket-factory.ts';

const silent = {
  level: 'silent',
  child: () => silent,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** What Baileys closes with: an error whose `output.statusCode` is the disconnect reason (a Boom). */
export const disconnectError = (statusCode: number | undefined, message = 'Connection Closed'): Error =>
  Object.assign(
    new Error(message),
    statusCode === undefined ? {} : { output: { statusCode, payload: { statusCode, message } }, isBoom: true },
  );

export interface RecordedCall {
  method: string;
  args: unknown[];
}

let sentIds = 0;

export class FakeBaileysSocket {
  readonly ev = makeEventBuffer(silent);
  readonly calls: RecordedCall[] = [];
  user: { id: string; name?: string; lid?: string } | undefined;
  ended = false;
  loggedOut = false;
  /** set to make the next sendMessage throw */
  failNextSend: Error | undefined;
  /** numbers (digits) that every fake socket answers as not on WhatsApp in onWhatsApp; the rest are on it */
  static readonly notOnWhatsapp = new Set<string>();
  /** numbers (digits) that every fake socket answers under another jid in onWhatsApp: asked -> the account's number */
  static readonly accountNumbers = new Map<string, string>();
  /** how long onWhatsApp takes to answer (a slow or busy session) */
  lookupDelayMs = 0;

  constructor(readonly request: SocketRequest) {
    const me = request.auth.creds.me;
    if (me?.id) this.user = { id: me.id, name: me.name };
  }

  get companyId(): number {
    return this.request.companyId;
  }

  get connectionId(): number {
    return this.request.connectionId;
  }

  /** whether the auth state it was given was already paired (a resumed session shows no QR code) */
  get resumed(): boolean {
    return Boolean(this.request.auth.creds.me?.id);
  }

  private record(method: string, args: unknown[]): void {
    this.calls.push({ method, args });
  }

  callsOf(method: string): unknown[][] {
    return this.calls.filter((c) => c.method === method).map((c) => c.args);
  }

  // ----- scripted events in -----

  showQr(code: string): void {
    this.ev.emit('connection.update', { qr: code });
  }

  connecting(): void {
    this.ev.emit('connection.update', { connection: 'connecting' });
  }

  /** The phone reads the QR code: the credentials gain the account, then WhatsApp asks for a restart. */
  scan(number: string): void {
    const id = `${number}:7@s.whatsapp.net`;
    this.request.auth.creds.me = { id, name: 'Phone' };
    this.request.auth.creds.registered = true;
    this.ev.emit('creds.update', { me: { id, name: 'Phone' }, registered: true });
    this.ev.emit('connection.update', { isNewLogin: true, qr: undefined });
    this.close(DisconnectReason.restartRequired, 'Stream Errored (restart required)');
  }

  /** The connection opens as `number` (pairing it when the auth state was not paired yet). */
  open(number?: string): void {
    const id = this.request.auth.creds.me?.id ?? `${number ?? '5500000000000'}:7@s.whatsapp.net`;
    if (!this.request.auth.creds.me) {
      this.request.auth.creds.me = { id, name: 'Phone' };
      this.ev.emit('creds.update', { me: { id, name: 'Phone' } });
    }
    this.user = { id, name: 'Phone' };
    this.ev.emit('connection.update', { connection: 'open', receivedPendingNotifications: true });
  }

  /** Closes as Baileys does: `connection: close` with the reason as a Boom's status code (undefined: no code). */
  close(reason: number | undefined, message?: string): void {
    this.ev.emit('connection.update', {
      connection: 'close',
      lastDisconnect: { error: disconnectError(reason, message), date: new Date() },
    });
  }

  /** Messages arrive (`messages.upsert`, type notify; `append` for offline delivery or history). */
  receive(messages: WAMessage[], type: 'notify' | 'append' = 'notify'): void {
    this.ev.emit('messages.upsert', { messages, type });
  }

  /** A 1:1 call's event (`call`): `offer` when it rings, then its end (`terminate`, `reject` or `timeout`). */
  call(from: string, id: string, status: WACallEvent['status'], options: { isVideo?: boolean } = {}): void {
    this.ev.emit('call', [
      { chatId: from, from, id, date: new Date(), status, offline: false, isVideo: options.isVideo ?? false, isGroup: false },
    ]);
  }

  // ----- calls out -----

  /**
   * As Baileys: the message goes out with `options.messageId` when given (else a new id), and with its default
   * `emitOwnEvents` the sent message comes back at once through `messages.upsert` (type append), its echo.
   */
  async sendMessage(jid: string, content: unknown, options?: unknown): Promise<WAMessage> {
    this.record('sendMessage', [jid, content, options]);
    if (this.failNextSend) {
      const error = this.failNextSend;
      this.failNextSend = undefined;
      throw error;
    }
    sentIds += 1;
    const id = (options as { messageId?: string } | undefined)?.messageId ?? `3EB0FAKE${String(sentIds).padStart(8, '0')}`;
    const text = (content as { text?: unknown }).text;
    const sent: WAMessage = {
      key: { remoteJid: jid, fromMe: true, id },
      message: typeof text === 'string' ? { conversation: text } : (content as WAMessage['message']),
      messageTimestamp: Math.floor(Date.now() / 1000),
    };
    if (this.echoOwnSends) this.ev.emit('messages.upsert', { messages: [sent], type: 'append' });
    await this.beforeAnswer?.(sent);
    return sent;
  }

  /** what happens on the socket after a send went out and before Baileys answers it (a slow answer, an early receipt) */
  beforeAnswer: ((sent: WAMessage) => Promise<void>) | undefined;

  /** Baileys' `emitOwnEvents` (default on): each send comes back through messages.upsert */
  echoOwnSends = true;

  /** WhatsApp's receipts of our messages (`messages.update`): 3 delivered, 4 read (Baileys' WebMessageInfo.Status) */
  receipt(jid: string, id: string, status: number): void {
    this.ev.emit('messages.update', [{ key: { remoteJid: jid, fromMe: true, id }, update: { status } }]);
  }

  async logout(message?: string): Promise<void> {
    this.record('logout', [message]);
    this.loggedOut = true;
    this.end(disconnectError(DisconnectReason.loggedOut, 'Intentional Logout'));
  }

  end(error: Error | undefined): void {
    this.record('end', [error]);
    if (this.ended) return;
    this.ended = true;
    this.ev.emit('connection.update', {
      connection: 'close',
      lastDisconnect: { error: error ?? disconnectError(DisconnectReason.connectionClosed), date: new Date() },
    });
  }

  async readMessages(keys: unknown[]): Promise<void> {
    this.record('readMessages', [keys]);
  }

  async sendPresenceUpdate(...args: unknown[]): Promise<void> {
    this.record('sendPresenceUpdate', args);
  }

  async groupMetadata(jid: string): Promise<unknown> {
    this.record('groupMetadata', [jid]);
    return { id: jid, subject: 'Group', participants: [] };
  }

  /**
   * As WhatsApp answers: the link of the picture set for the address in `profilePictures` (serve it from a local
   * server), else the error Baileys throws for "no picture" (404 item-not-found).
   */
  async profilePictureUrl(jid: string, type?: string): Promise<string | undefined> {
    this.record('profilePictureUrl', [jid, type]);
    const url = FakeBaileysSocket.profilePictures.get(jid);
    if (url) return url;
    throw Object.assign(new Error('item-not-found'), {
      output: { statusCode: 404, payload: { statusCode: 404, message: 'item-not-found' } },
      isBoom: true,
      data: { tag: 'error', attrs: { code: '404', text: 'item-not-found' } },
    });
  }

  /** the profile picture links every fake socket answers, by address (`<digits>@s.whatsapp.net`, `<id>@g.us`) */
  static readonly profilePictures = new Map<string, string>();

  /** The phone's chats as a new pairing's history sync brings them (`messaging-history.set`, no messages). */
  syncChats(
    chats: { id: string; name?: string; pnJid?: string }[],
    contacts: { id: string; notify?: string; name?: string }[] = [],
  ): void {
    this.ev.emit('messaging-history.set', { chats, contacts, messages: [], isLatest: true, progress: 100 });
  }

  /** As Baileys: only the numbers that have an account are answered, each under the jid WhatsApp knows it by. */
  async onWhatsApp(...jids: string[]): Promise<{ jid: string; exists: boolean }[]> {
    this.record('onWhatsApp', jids);
    if (this.lookupDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.lookupDelayMs));
    return jids
      .map((jid) => jid.split('@')[0]!)
      .filter((number) => !FakeBaileysSocket.notOnWhatsapp.has(number))
      .map((number) => ({ jid: `${FakeBaileysSocket.accountNumbers.get(number) ?? number}@s.whatsapp.net`, exists: true }));
  }

  async rejectCall(callId: string, from: string): Promise<void> {
    this.record('rejectCall', [callId, from]);
  }

  /** as the manager and the bridge see it */
  asSocket(): WASocket {
    return this as unknown as WASocket;
  }
}

/**
 * A session as the factory finds its sockets: `{ companyId, connectionId }`, since connection ids are numbered per
 * company and repeat across companies; a bare connection id matches that id in any company (tests with one company).
 */
export type SessionRef = number | { companyId: number; connectionId: number };

const matches = (ref: SessionRef, socket: { companyId: number; connectionId: number }): boolean =>
  typeof ref === 'number'
    ? socket.connectionId === ref
    : socket.companyId === ref.companyId && socket.connectionId === ref.connectionId;

const nameOf = (ref: SessionRef): string =>
  typeof ref === 'number' ? `connection ${ref}` : `connection ${ref.companyId}:${ref.connectionId}`;

/** Makes fake sockets and remembers them by session (company and connection), in creation order. */
export class FakeSocketFactory {
  readonly sockets: FakeBaileysSocket[] = [];
  private waiters: { ref: SessionRef; after: number; resolve: (s: FakeBaileysSocket) => void }[] = [];

  readonly factory: SocketFactory = (request) => {
    const socket = new FakeBaileysSocket(request);
    this.sockets.push(socket);
    this.waiters = this.waiters.filter((w) => {
      if (!matches(w.ref, socket) || this.of(w.ref).length <= w.after) return true;
      w.resolve(socket);
      return false;
    });
    return socket.asSocket();
  };

  /** the sockets of a session, oldest first */
  of(ref: SessionRef): FakeBaileysSocket[] {
    return this.sockets.filter((s) => matches(ref, s));
  }

  /** the newest socket of a session */
  latest(ref: SessionRef): FakeBaileysSocket | undefined {
    return this.of(ref).at(-1);
  }

  /**
   * The session's next socket: the first one made after `after` sockets of it existed (default: the ones that
   * exist now, so it waits for a new one; pass 0 to accept the first one ever).
   */
  next(ref: SessionRef, options: { after?: number; timeoutMs?: number } = {}): Promise<FakeBaileysSocket> {
    const after = options.after ?? this.of(ref).length;
    const existing = this.of(ref)[after];
    if (existing) return Promise.resolve(existing);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no new socket for ${nameOf(ref)} within ${options.timeoutMs ?? 10_000} ms`)),
        options.timeoutMs ?? 10_000,
      );
      this.waiters.push({
        ref,
        after,
        resolve: (s) => {
          clearTimeout(timer);
          resolve(s);
        },
      });
    });
  }

  /** sockets of the session not ended yet: a correct fleet has at most one */
  live(ref: SessionRef): FakeBaileysSocket[] {
    return this.of(ref).filter((s) => !s.ended);
  }
}

/**
 * The Baileys message bridge: everything that travels over one WhatsApp session. Inbound, the socket's events
 * become our InboundEvents (normalise.ts) with the contact resolved (LID to phone, group subject) and media
 * downloaded to the media store, then go to `inbound.fifo` through the session's `emit`; the pipeline stores
 * each WhatsApp message once by its id, so a redelivery, an offline delivery after a reconnect or a history
 * sync changes nothing already stored. Outbound, our stored messages become Baileys sends, edits and deletes.
 * Each dependency on our platform and on Baileys' network calls is injected (bridge-deps.ts wires the real ones).
 */
import {
  downloadMediaMessage,
  generateMessageIDV2,
  jidNormalizedUser,
  type GroupMetadata,
  type WAMessage,
  type WAMessageKey,
  type WAMessageUpdate,
  type WASocket,
  type proto,
  type WACallEvent,
  type BaileysEventMap,
} from '@whiskeysockets/baileys';
import type { InboundEvent } from '@switchboard/shared/connector';
import type { Message } from '@switchboard/shared/contracts/messages';
import { mimeTypeOfName } from '@switchboard/shared/media-types';
import { oggIfWebmOpus } from '@switchboard/shared/media/webm-opus-to-ogg';
import { GroupMetadataCache } from './inbound/group-metadata-cache.ts';
import { IdentityResolver, type LidPairStore } from './inbound/identities.ts';
import { isGroupJid, isIgnoredChat, lidOfJid, phoneOfJid, jidOfIdentity } from './inbound/jids.ts';
import { takeInMedia, type MediaSink } from './inbound/media.ts';
import type { ProfilePictures } from './inbound/profile-pictures.ts';
import {
  addressingOf,
  normaliseCall,
  normaliseCallEnd,
  normaliseMessage,
  normaliseUpdate,
  timestampOf,
  type MessageContext,
} from './inbound/normalise.ts';
import { contentOf, keyOf, quotedOf, type OutgoingFile, type StoredMessage } from './outbound/content.ts';
import type {
  BridgeSendResult,
  MessageBridge,
  MessageBridgeFactory,
  SendTarget,
  SessionContext,
} from './sessions/session-bridge.ts';

export interface StoredMessages {
  byChannelId(companyId: number, connectionId: number, channelMessageId: string): Promise<StoredMessage | undefined>;
  byId(companyId: number, messageId: string): Promise<StoredMessage | undefined>;
}

export interface BridgeLog {
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

export interface BridgeDeps {
  messages: StoredMessages;
  media: MediaSink & { read(key: string): Promise<Buffer | undefined> };
  lidPairs: LidPairStore;
  /** Baileys' media download; replaced in tests */
  download?: (message: WAMessage, socket: WASocket) => Promise<Buffer>;
  log?: BridgeLog;
  now?: () => Date;
  /**
   * How far back a history sync's messages are taken in as missed ones. Older history comes in only through an
   * import of old messages (`imports`).
   */
  historyWindowMs?: number;
  /** the connection's import of old messages; without it a history sync brings missed messages only */
  imports?: HistoryImports;
  /** contacts' profile pictures, asked for after their messages are queued; without it none are asked for */
  pictures?: ProfilePictures;
  /** the chats the session sees, kept for an import of their people as contacts; without it none are kept */
  chats?: KnownChats;
}

/** Where the people of a session's chats are kept (chat-import.service.ts), at most `limit` per session. */
export interface KnownChats {
  limit: number;
  remember(companyId: number, connectionId: number, chats: { identity: string; name?: string }[]): Promise<void>;
}

/** What an import of old messages needs from the platform (connection-import.service.ts). */
export interface HistoryImports {
  /** the range (ms, inclusive) an import takes in while one is asked and not finished; undefined otherwise */
  windowOf(companyId: number, connectionId: number): Promise<{ from: number; to: number; groups: boolean } | undefined>;
  /** `done` of `total` messages of the range found so far are queued */
  progress(companyId: number, connectionId: number, counts: { done: number; total: number }): Promise<void>;
  /** WhatsApp said the history sync is complete */
  finished(companyId: number, connectionId: number): Promise<void>;
}

export const DEFAULT_HISTORY_WINDOW_MS = 24 * 60 * 60_000;
/** Events per `emit`: a history sync can bring hundreds at once. */
const EMIT_CHUNK = 50;
/** The call events taken in: its offer (logged) and its ends (answered by the platform when the company asks). */
const CALL_EVENTS: readonly WACallEvent['status'][] = ['offer', 'terminate', 'reject', 'timeout'];
/** How long the ids of our own sends are remembered, to know their echoes. */
const OWN_SEND_TTL_MS = 10 * 60_000;

const consoleLog: BridgeLog = {
  warn: (message, data) => console.warn(JSON.stringify({ level: 'warn', message, ...data })),
  error: (message, data) => console.error(JSON.stringify({ level: 'error', message, ...data })),
};

const defaultDownload = (message: WAMessage, socket: WASocket): Promise<Buffer> =>
  downloadMediaMessage(message, 'buffer', {}, { reuploadRequest: (m) => socket.updateMediaMessage(m), logger: socket.logger });

const FALLBACK_TYPES: Partial<Record<Message['mediaType'], string>> = {
  image: 'image/jpeg',
  video: 'video/mp4',
  audio: 'audio/mpeg',
  application: 'application/octet-stream',
};

const hasFile = (m: Pick<Message, 'mediaType'>): boolean => m.mediaType in FALLBACK_TYPES;

type Source = 'live' | 'recovered';

export class BaileysMessageBridge implements MessageBridge {
  private readonly groups: GroupMetadataCache;
  private readonly identities: IdentityResolver;
  private readonly ownSends = new Map<string, number>();
  private readonly log: BridgeLog;
  private readonly now: () => Date;
  private socket: WASocket | undefined;
  private chain: Promise<void> = Promise.resolve();
  /** this socket's import: messages of the range found and queued so far */
  private readonly imported = { found: 0, done: 0 };
  /** the people of chats already kept by this socket */
  private readonly chatsKept = new Set<string>();

  constructor(
    private readonly context: SessionContext,
    private readonly deps: BridgeDeps,
  ) {
    this.log = deps.log ?? consoleLog;
    this.now = deps.now ?? (() => new Date());
    this.groups = new GroupMetadataCache(() => this.now().getTime());
    this.identities = new IdentityResolver(context.companyId, deps.lidPairs, (error) =>
      this.log.warn('LID pair not stored', this.errorData(error)),
    );
  }

  bind(socket: WASocket): () => void {
    this.socket = socket;
    const on: { [E in keyof BaileysEventMap]?: (arg: BaileysEventMap[E]) => void } = {
      'messages.upsert': ({ messages, type }) =>
        this.enqueue(() => this.takeIn(messages, type === 'append' ? 'recovered' : 'live')),
      'messages.update': (updates) => this.enqueue(() => this.takeUpdates(updates)),
      call: (calls) => this.enqueue(() => this.takeCalls(calls)),
      'messaging-history.set': (history) => this.enqueue(() => this.takeHistory(history)),
      'messaging-history.status': ({ status }) => {
        if (status === 'complete') this.enqueue(() => this.finishImport());
      },
      'lid-mapping.update': ({ lid, pn }) => this.enqueue(() => this.identities.learn(lid, pn)),
      'contacts.upsert': (contacts) => this.enqueue(() => this.learnContacts(contacts)),
      'chats.upsert': (chats) => this.enqueue(() => this.keepChats(chats, [])),
      'groups.upsert': (groups) => groups.forEach((g) => this.groups.set(g)),
      'groups.update': (changes) => this.groups.update(changes),
      'group-participants.update': ({ id, participants, action }) => this.groups.participants(id, participants, action),
    };
    const entries = Object.entries(on) as [keyof BaileysEventMap, (arg: unknown) => void][];
    for (const [event, handler] of entries) socket.ev.on(event, handler);
    return () => {
      for (const [event, handler] of entries) socket.ev.off(event, handler);
      if (this.socket === socket) this.socket = undefined;
    };
  }

  /** Resolves once every event received so far has been handled (tests, and a session draining before it stops). */
  drain(): Promise<void> {
    return this.chain;
  }

  async getMessage(key: WAMessageKey): Promise<proto.IMessage | undefined> {
    if (!key.id) return undefined;
    try {
      const stored = await this.deps.messages.byChannelId(this.context.companyId, this.context.connectionId, key.id);
      // a deleted message is not sent again; anything else answers with its text, never with an empty message
      if (!stored || stored.isDeleted) return undefined;
      return { conversation: stored.body || stored.mediaName || stored.mediaType };
    } catch (error) {
      this.log.warn('getMessage lookup failed', { id: key.id, ...this.errorData(error) });
      return undefined;
    }
  }

  cachedGroupMetadata(jid: string): Promise<GroupMetadata | undefined> {
    const socket = this.socket;
    return this.groups.get(jid, socket ? (j) => socket.groupMetadata(j) : undefined);
  }

  async send(socket: WASocket, message: Message, to: SendTarget): Promise<BridgeSendResult> {
    const jid = jidOfIdentity(to.identity);
    const stored = await this.deps.messages.byId(to.companyId, message.id);
    let file: OutgoingFile | undefined;
    if (hasFile(message)) {
      file = await this.fileOf(message, stored);
      if (!file) throw new Error(`The file of message ${message.id} is missing`);
    }
    const quotedRecord = message.quotedMsg ? await this.deps.messages.byId(to.companyId, message.quotedMsg.id) : undefined;
    const quoted = quotedRecord ? quotedOf(jid, quotedRecord) : undefined;
    const id = this.ownId(socket);
    const sent = await socket.sendMessage(jid, contentOf(message, file), { messageId: id, ...(quoted ? { quoted } : {}) });
    return { ack: 1, channelMessageId: sent?.key.id ?? id };
  }

  async update(socket: WASocket, message: Message, to: SendTarget): Promise<void> {
    const jid = jidOfIdentity(to.identity);
    const stored = await this.deps.messages.byId(to.companyId, message.id);
    if (!stored?.channelMessageId) throw new Error(`Message ${message.id} never reached WhatsApp`);
    const key = keyOf(jid, stored.channelMessageId, true);
    const content = message.isDeleted ? { delete: key } : { text: message.body, edit: key };
    await socket.sendMessage(jid, content, { messageId: this.ownId(socket) });
  }

  // ----- inbound -----

  private enqueue(task: () => Promise<void>): void {
    // one event at a time, in the order the socket gave them: one conversation's messages stay in order
    this.chain = this.chain
      .then(task)
      .catch((error: unknown) =>
        this.log.error('inbound event not taken in', { connectionId: this.context.connectionId, ...this.errorData(error) }),
      );
  }

  private async takeIn(messages: WAMessage[], source: Source): Promise<void> {
    const events: InboundEvent[] = [];
    for (const msg of messages) {
      const event = await this.eventOf(msg).catch((error: unknown) => {
        this.log.warn('message not normalised', { id: msg.key.id, ...this.errorData(error) });
        return undefined;
      });
      if (event) events.push(event);
    }
    await this.emit(events);
    if (source === 'recovered' && events.length > 0) this.context.recovered(events.length);
    this.askPictures(events);
  }

  /** The pictures of the messages' contacts follow the messages, in the background: a message never waits for one. */
  private askPictures(events: InboundEvent[]): void {
    const { pictures } = this.deps;
    const socket = this.socket;
    if (!pictures || !socket) return;
    for (const e of events) {
      if (e.kind !== 'message') continue;
      void pictures.want({
        companyId: this.context.companyId,
        connectionId: this.context.connectionId,
        contact: { identity: e.contact.identity, isGroup: e.contact.isGroup },
        socket,
        emit: (contactEvents) => this.context.emit(contactEvents),
      });
    }
  }

  /**
   * Keeps the people of individual chats (a phone number known, or a LID whose number is known): groups, broadcast
   * lists, status, channels and our own number are left out. Named by the chat, else by the contact's own name.
   */
  private async keepChats(chats: BaileysEventMap['chats.upsert'], contacts: BaileysEventMap['contacts.upsert']): Promise<void> {
    const kept = this.deps.chats;
    if (!kept || chats.length === 0) return;
    const names = new Map(contacts.map((c) => [c.id, c.name?.trim() || c.notify?.trim() || c.verifiedName?.trim()]));
    const found: { identity: string; name?: string }[] = [];
    for (const chat of chats) {
      const jid = chat.id;
      if (!jid || isGroupJid(jid) || isIgnoredChat(jid) || (!phoneOfJid(jid) && !lidOfJid(jid))) continue;
      const person = await this.identities.resolve(
        jidNormalizedUser(jid),
        chat.pnJid ?? chat.lidJid ?? undefined,
        this.lidLookup(),
      );
      if (!person || lidOfJid(person.identity) || person.identity === this.context.ownNumber()) continue;
      if (this.chatsKept.has(person.identity) || this.chatsKept.size >= kept.limit) continue;
      this.chatsKept.add(person.identity);
      const name =
        chat.name?.trim() || chat.displayName?.trim() || names.get(jid) || (chat.pnJid ? names.get(chat.pnJid) : undefined);
      found.push({ identity: person.identity, ...(name ? { name: name.slice(0, 250) } : {}) });
    }
    if (found.length === 0) return;
    await kept
      .remember(this.context.companyId, this.context.connectionId, found)
      .catch((error: unknown) => this.log.warn('chats not kept', this.errorData(error)));
  }

  private async takeHistory(history: BaileysEventMap['messaging-history.set']): Promise<void> {
    for (const pair of history.lidPnMappings ?? []) await this.identities.learn(pair.lid, pair.pn);
    // the contacts it brings pair LIDs with numbers, so chats addressed by LID find their person's number
    await this.learnContacts(history.contacts ?? []);
    await this.keepChats(history.chats ?? [], history.contacts ?? []);
    const since = this.now().getTime() - (this.deps.historyWindowMs ?? DEFAULT_HISTORY_WINDOW_MS);
    const range = await this.importWindow();
    const recent: WAMessage[] = [];
    const old: WAMessage[] = [];
    for (const m of history.messages) {
      const at = Date.parse(timestampOf(m, new Date(0)));
      if (range && at >= range.from && at <= range.to) {
        // old group history only when the import asks for it
        if (range.groups || !isGroupJid(m.key.remoteJid)) old.push(m);
      } else if (at >= since) recent.push(m);
    }
    await this.takeIn(recent, 'recovered');
    if (old.length > 0) await this.takeInImported(old);
    if (range && history.progress === 100) await this.finishImport();
  }

  /** an import of old messages is waiting for the history a new pairing brings */
  async wantsFullHistory(): Promise<boolean> {
    return (await this.importWindow()) !== undefined;
  }

  private async importWindow() {
    const { imports } = this.deps;
    if (!imports) return undefined;
    return imports.windowOf(this.context.companyId, this.context.connectionId).catch((error: unknown) => {
      this.log.warn('import settings not read', this.errorData(error));
      return undefined;
    });
  }

  /** Old messages of an import's range: marked imported, queued in chunks, each chunk reported as progress. */
  private async takeInImported(messages: WAMessage[]): Promise<void> {
    this.imported.found += messages.length;
    const events: InboundEvent[] = [];
    for (const msg of messages) {
      const event = await this.eventOf(msg).catch((error: unknown) => {
        this.log.warn('message not normalised', { id: msg.key.id, ...this.errorData(error) });
        return undefined;
      });
      if (event?.kind === 'message') events.push({ ...event, imported: true });
    }
    // what could not be taken in (a protocol message, our own chat) counts as handled
    this.imported.done += messages.length - events.length;
    for (let i = 0; i < events.length; i += EMIT_CHUNK) {
      const chunk = events.slice(i, i + EMIT_CHUNK);
      await this.context.emit(chunk);
      this.imported.done += chunk.length;
      await this.reportImport();
    }
    if (events.length === 0) await this.reportImport();
  }

  private async reportImport(): Promise<void> {
    const counts = { done: this.imported.done, total: this.imported.found };
    await this.deps.imports
      ?.progress(this.context.companyId, this.context.connectionId, counts)
      .catch((error: unknown) => this.log.warn('import progress not stored', this.errorData(error)));
  }

  private async finishImport(): Promise<void> {
    if (!this.deps.imports || this.imported.found === 0) return;
    await this.deps.imports
      .finished(this.context.companyId, this.context.connectionId)
      .catch((error: unknown) => this.log.warn('import end not stored', this.errorData(error)));
  }

  private async takeUpdates(updates: WAMessageUpdate[]): Promise<void> {
    const events: InboundEvent[] = [];
    for (const u of updates) {
      if (u.update.status === undefined || u.update.status === null || !u.key.fromMe) continue;
      const contact = await this.chatContact(u.key);
      const event = contact ? normaliseUpdate(u, { ...this.base(), contact }) : undefined;
      if (event) events.push(event);
    }
    await this.emit(events);
  }

  private async takeCalls(calls: WACallEvent[]): Promise<void> {
    const events: InboundEvent[] = [];
    for (const call of calls) {
      // the offer is logged in the conversation; the end lets the platform answer the caller (server reference 2.13)
      if (!CALL_EVENTS.includes(call.status) || call.isGroup) continue;
      const person = await this.identities.resolve(jidNormalizedUser(call.from), call.callerPn, this.lidLookup());
      // a call made from our own phone is not a contact's
      if (!person || person.identity === this.context.ownNumber()) continue;
      const ctx = {
        ...this.base(),
        contact: { identity: person.identity, isGroup: false, ...(person.lid ? { lid: person.lid } : {}) },
      };
      const event = call.status === 'offer' ? normaliseCall(call, ctx) : normaliseCallEnd(call, ctx);
      if (event) events.push(event);
    }
    await this.emit(events);
  }

  private async learnContacts(contacts: BaileysEventMap['contacts.upsert']): Promise<void> {
    for (const c of contacts) {
      const lid = c.lid ?? (lidOfJid(c.id) ? c.id : undefined);
      const pn = c.phoneNumber ?? (phoneOfJid(c.id) ? c.id : undefined);
      if (lid && pn) await this.identities.learn(lid, pn);
    }
  }

  private async eventOf(msg: WAMessage): Promise<InboundEvent | undefined> {
    const id = msg.key.id;
    if (!id) return undefined;
    // the echo of a send made through this bridge: the send's outcome stores its id on our message
    if (msg.key.fromMe && this.isOwnSend(id)) return undefined;
    const addressing = addressingOf(msg.key);
    if (!addressing) return undefined;
    const ctx = await this.messageContext(msg, addressing);
    if (!ctx) return undefined;
    const normalised = normaliseMessage(msg, ctx);
    if (!normalised) return undefined;
    if (!normalised.media) return normalised.event;
    // a redelivered media message is not downloaded again: the pipeline will find it stored
    if (await this.deps.messages.byChannelId(this.context.companyId, this.context.connectionId, id).catch(() => undefined))
      return normalised.event;
    const socket = this.socket;
    const download = this.deps.download ?? defaultDownload;
    return takeInMedia(
      normalised.event,
      normalised.media,
      () => (socket ? download(msg, socket) : Promise.reject(new Error('no socket'))),
      this.deps.media,
      (error) => this.log.warn('media not taken in', { id, ...this.errorData(error) }),
    );
  }

  private async messageContext(
    msg: WAMessage,
    a: NonNullable<ReturnType<typeof addressingOf>>,
  ): Promise<MessageContext | undefined> {
    const fromMe = !!msg.key.fromMe;
    if (a.isGroup) {
      const meta = await this.groups.get(a.chatJid, this.socket ? (j) => this.socket!.groupMetadata(j) : undefined);
      const sender =
        !fromMe && a.personJid
          ? await this.identities.resolve(jidNormalizedUser(a.personJid), a.personAltJid, this.lidLookup())
          : undefined;
      const senderName = fromMe ? undefined : msg.pushName?.trim() || sender?.identity;
      return {
        ...this.base(),
        contact: { identity: a.chatJid, isGroup: true, ...(meta?.subject ? { name: meta.subject } : {}) },
        senderName,
      };
    }
    if (!a.personJid) return undefined;
    const person = await this.identities.resolve(jidNormalizedUser(a.personJid), a.personAltJid, this.lidLookup());
    // a chat with our own number ("message yourself") is not a customer's conversation
    if (!person || person.identity === this.context.ownNumber()) return undefined;
    // a message we sent carries our own push name, not the customer's
    const name = !fromMe ? msg.pushName?.trim() : undefined;
    return {
      ...this.base(),
      contact: {
        identity: person.identity,
        isGroup: false,
        ...(name ? { name } : {}),
        ...(person.lid ? { lid: person.lid } : {}),
      },
    };
  }

  /** The conversation's contact of a message key (for acks): the group, or the person. */
  private async chatContact(key: WAMessageKey): Promise<InboundEvent['contact'] | undefined> {
    const a = addressingOf(key);
    if (!a) return undefined;
    if (a.isGroup) return { identity: a.chatJid, isGroup: true };
    if (!a.personJid) return undefined;
    const person = await this.identities.resolve(jidNormalizedUser(a.personJid), a.personAltJid, this.lidLookup());
    return person ? { identity: person.identity, isGroup: false, ...(person.lid ? { lid: person.lid } : {}) } : undefined;
  }

  private async emit(events: InboundEvent[]): Promise<void> {
    for (let i = 0; i < events.length; i += EMIT_CHUNK) await this.context.emit(events.slice(i, i + EMIT_CHUNK));
  }

  private base() {
    return { companyId: this.context.companyId, connectionId: this.context.connectionId, now: this.now() };
  }

  private lidLookup() {
    const mapping = this.socket?.signalRepository?.lidMapping;
    return mapping ? (jid: string) => mapping.getPNForLID(jid) : undefined;
  }

  // ----- outbound -----

  /** A new WhatsApp id for a send of ours, remembered so that its echo is not taken in as a message. */
  private ownId(socket: WASocket): string {
    const id = generateMessageIDV2(socket.user?.id);
    const now = this.now().getTime();
    for (const [known, at] of this.ownSends) {
      if (now - at < OWN_SEND_TTL_MS) break;
      this.ownSends.delete(known);
    }
    this.ownSends.set(id, now);
    return id;
  }

  private isOwnSend(id: string): boolean {
    const at = this.ownSends.get(id);
    return at !== undefined && this.now().getTime() - at < OWN_SEND_TTL_MS;
  }

  private async fileOf(message: Message, stored: StoredMessage | undefined): Promise<OutgoingFile | undefined> {
    const fileName = stored?.mediaName ?? message.mediaName ?? 'file';
    const mimeType = mimeTypeOfName(fileName) ?? FALLBACK_TYPES[message.mediaType] ?? 'application/octet-stream';
    if (stored?.mediaKey) {
      const data = await this.deps.media.read(stored.mediaKey);
      if (data) {
        // WebM/Opus audio stored as uploaded (a file list's, a campaign's) goes as Ogg/Opus, which phones play
        const ogg = message.mediaType === 'audio' ? oggIfWebmOpus({ name: fileName, mimeType, data }) : undefined;
        if (ogg && ogg.data !== data) return { data: Buffer.from(ogg.data), mimeType: ogg.mimeType, fileName: ogg.name };
        return { data, mimeType, fileName };
      }
    }
    // a file kept elsewhere (an absolute link) is fetched by Baileys itself
    if (message.mediaUrl && /^https?:\/\//.test(message.mediaUrl)) return { data: { url: message.mediaUrl }, mimeType, fileName };
    return undefined;
  }

  private errorData(error: unknown): Record<string, unknown> {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** The factory the session manager takes: one bridge per running socket of a connection. */
export const createMessageBridge =
  (deps: BridgeDeps): MessageBridgeFactory =>
  (context) =>
    new BaileysMessageBridge(context, deps);

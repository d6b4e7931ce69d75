/**
 * What a session's socket brings in, as InboundEvents on their way to `inbound.fifo` (through the session's `emit`):
 * messages (normalise.ts) with the contact resolved (LID to phone, group subject) and media downloaded to the media
 * store, the acks of our sends, calls, and the LID pairs and chats the socket tells of. The echo of a send of ours
 * is left out (outbound/sends.ts knows its ids).
 */
import {
  downloadMediaMessage,
  jidNormalizedUser,
  type BaileysEventMap,
  type WACallEvent,
  type WAMessage,
  type WAMessageKey,
  type WAMessageUpdate,
  type WASocket,
} from '@whiskeysockets/baileys';
import type { InboundEvent } from '@switchboard/shared/connector';
import { errorData, type BridgeDeps, type BridgeLog, type BridgeScope } from '../bridge-scope.ts';
import type { SessionContext } from '../sessions/session-bridge.ts';
import type { GroupMetadataCache } from './group-metadata-cache.ts';
import type { IdentityResolver } from './identities.ts';
import { isGroupJid, isIgnoredChat, lidOfJid, phoneOfJid } from './jids.ts';
import { takeInMedia } from './media.ts';
import {
  addressingOf,
  normaliseCall,
  normaliseCallEnd,
  normaliseMessage,
  normaliseUpdate,
  type MessageContext,
} from './normalise.ts';

/** Events per `emit`: a history sync can bring hundreds at once. */
export const EMIT_CHUNK = 50;
/** The call events taken in: its offer (logged) and its ends (answered by the platform when the company asks). */
const CALL_EVENTS: readonly WACallEvent['status'][] = ['offer', 'terminate', 'reject', 'timeout'];

const defaultDownload = (message: WAMessage, socket: WASocket): Promise<Buffer> =>
  downloadMediaMessage(message, 'buffer', {}, { reuploadRequest: (m) => socket.updateMediaMessage(m), logger: socket.logger });

export type Source = 'live' | 'recovered';

export class MessageIntake {
  private readonly context: SessionContext;
  private readonly deps: BridgeDeps;
  private readonly log: BridgeLog;
  private readonly now: () => Date;
  private readonly groups: GroupMetadataCache;
  private readonly identities: IdentityResolver;
  /** the people of chats already kept by this socket */
  private readonly chatsKept = new Set<string>();

  constructor(
    private readonly scope: BridgeScope,
    /** whether a message id is one of our own sends (its echo) */
    private readonly isOwnSend: (id: string) => boolean,
  ) {
    this.context = scope.context;
    this.deps = scope.deps;
    this.log = scope.log;
    this.now = scope.now;
    this.groups = scope.groups;
    this.identities = scope.identities;
  }

  private get socket(): WASocket | undefined {
    return this.scope.socket();
  }

  async takeIn(messages: WAMessage[], source: Source): Promise<void> {
    const events: InboundEvent[] = [];
    for (const msg of messages) {
      const event = await this.eventOf(msg).catch((error: unknown) => {
        this.log.warn('message not normalised', { id: msg.key.id, ...errorData(error) });
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
  async keepChats(chats: BaileysEventMap['chats.upsert'], contacts: BaileysEventMap['contacts.upsert']): Promise<void> {
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
      .catch((error: unknown) => this.log.warn('chats not kept', errorData(error)));
  }

  async takeUpdates(updates: WAMessageUpdate[]): Promise<void> {
    const events: InboundEvent[] = [];
    for (const u of updates) {
      if (u.update.status === undefined || u.update.status === null || !u.key.fromMe) continue;
      const contact = await this.chatContact(u.key);
      const event = contact ? normaliseUpdate(u, { ...this.base(), contact }) : undefined;
      if (event) events.push(event);
    }
    await this.emit(events);
  }

  async takeCalls(calls: WACallEvent[]): Promise<void> {
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

  async learnContacts(contacts: BaileysEventMap['contacts.upsert']): Promise<void> {
    for (const c of contacts) {
      const lid = c.lid ?? (lidOfJid(c.id) ? c.id : undefined);
      const pn = c.phoneNumber ?? (phoneOfJid(c.id) ? c.id : undefined);
      if (lid && pn) await this.identities.learn(lid, pn);
    }
  }

  async eventOf(msg: WAMessage): Promise<InboundEvent | undefined> {
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
      (error) => this.log.warn('media not taken in', { id, ...errorData(error) }),
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

  async emit(events: InboundEvent[]): Promise<void> {
    for (let i = 0; i < events.length; i += EMIT_CHUNK) await this.context.emit(events.slice(i, i + EMIT_CHUNK));
  }

  private base() {
    return { companyId: this.context.companyId, connectionId: this.context.connectionId, now: this.now() };
  }

  private lidLookup() {
    const mapping = this.socket?.signalRepository?.lidMapping;
    return mapping ? (jid: string) => mapping.getPNForLID(jid) : undefined;
  }
}

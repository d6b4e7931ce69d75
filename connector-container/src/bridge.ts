/**
 * The Baileys message bridge: everything that travels over one WhatsApp session. Inbound, the socket's events
 * (each chat's in order, chats side by side: inbound/lanes.ts) become our InboundEvents (inbound/message-intake.ts, with history syncs and imports of old messages in
 * inbound/history-import.ts) and go to `inbound.fifo` through the session's `emit`; the pipeline stores each
 * WhatsApp message once by its id, so a redelivery, an offline delivery after a reconnect or a history sync changes
 * nothing already stored. Outbound, our stored messages become Baileys sends, edits and deletes (outbound/sends.ts).
 * Each dependency on our platform and on Baileys' network calls is injected (bridge-deps.ts wires the real ones).
 */
import type { BaileysEventMap, GroupMetadata, proto, WAMessageKey, WASocket } from '@whiskeysockets/baileys';
import type { Message } from '@switchboard/shared/contracts/messages';
import { errorData, type BridgeDeps, type BridgeLog, type BridgeScope } from './bridge-scope.ts';
import { GroupMetadataCache } from './inbound/group-metadata-cache.ts';
import { HistoryImport } from './inbound/history-import.ts';
import { IdentityResolver } from './inbound/identities.ts';
import { Lanes } from './inbound/lanes.ts';
import { MessageIntake } from './inbound/message-intake.ts';
import { OutboundSends } from './outbound/sends.ts';
import type {
  BridgeSendResult,
  MessageBridge,
  MessageBridgeFactory,
  SendTarget,
  SessionContext,
} from './sessions/session-bridge.ts';

const consoleLog: BridgeLog = {
  warn: (message, data) => console.warn(JSON.stringify({ level: 'warn', message, ...data })),
  error: (message, data) => console.error(JSON.stringify({ level: 'error', message, ...data })),
};

export class BaileysMessageBridge implements MessageBridge {
  private readonly groups: GroupMetadataCache;
  private readonly identities: IdentityResolver;
  private readonly log: BridgeLog;
  private readonly now: () => Date;
  private socket: WASocket | undefined;
  /** each chat's events in order, chats side by side, the session's own events as barriers */
  private readonly lanes: Lanes;
  private readonly intake: MessageIntake;
  private readonly history: HistoryImport;
  private readonly sends: OutboundSends;

  constructor(
    private readonly context: SessionContext,
    private readonly deps: BridgeDeps,
  ) {
    this.log = deps.log ?? consoleLog;
    this.now = deps.now ?? (() => new Date());
    this.groups = new GroupMetadataCache(() => this.now().getTime());
    this.lanes = new Lanes(CHAT_CONCURRENCY, (error) =>
      this.log.error('inbound event not taken in', { connectionId: this.context.connectionId, ...errorData(error) }),
    );
    this.identities = new IdentityResolver(context.companyId, deps.lidPairs, (error) =>
      this.log.warn('LID pair not stored', errorData(error)),
    );
    const scope: BridgeScope = {
      context,
      deps,
      log: this.log,
      now: this.now,
      socket: () => this.socket,
      groups: this.groups,
      identities: this.identities,
    };
    this.sends = new OutboundSends(scope);
    this.intake = new MessageIntake(scope, (id) => this.sends.isOwnSend(id));
    this.history = new HistoryImport(scope, this.intake);
  }

  bind(socket: WASocket): () => void {
    this.socket = socket;
    const on: { [E in keyof BaileysEventMap]?: (arg: BaileysEventMap[E]) => void } = {
      'messages.upsert': ({ messages, type }) =>
        byChat(messages, (m) => m.key.remoteJid).forEach((chat, key) =>
          this.lanes.chat(key, () => this.intake.takeIn(chat, type === 'append' ? 'recovered' : 'live')),
        ),
      'messages.update': (updates) =>
        byChat(updates, (u) => u.key.remoteJid).forEach((chat, key) => this.lanes.chat(key, () => this.intake.takeUpdates(chat))),
      call: (calls) =>
        byChat(calls, (c) => c.chatId ?? c.from).forEach((chat, key) => this.lanes.chat(key, () => this.intake.takeCalls(chat))),
      // a history sync (thousands of old messages) has a lane of its own: live chats do not wait behind it
      'messaging-history.set': (history) => this.lanes.chat(HISTORY_LANE, () => this.history.takeHistory(history)),
      'messaging-history.status': ({ status }) => {
        if (status === 'complete') this.lanes.chat(HISTORY_LANE, () => this.history.finishImport());
      },
      'lid-mapping.update': ({ lid, pn }) => this.lanes.session(() => this.identities.learn(lid, pn)),
      'contacts.upsert': (contacts) => this.lanes.session(() => this.intake.learnContacts(contacts)),
      'chats.upsert': (chats) => this.lanes.session(() => this.intake.keepChats(chats, [])),
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
    return this.lanes.drain();
  }

  async getMessage(key: WAMessageKey): Promise<proto.IMessage | undefined> {
    if (!key.id) return undefined;
    try {
      const stored = await this.deps.messages.byChannelId(this.context.companyId, this.context.connectionId, key.id);
      // a deleted message is not sent again; anything else answers with its text, never with an empty message
      if (!stored || stored.isDeleted) return undefined;
      return { conversation: stored.body || stored.mediaName || stored.mediaType };
    } catch (error) {
      this.log.warn('getMessage lookup failed', { id: key.id, ...errorData(error) });
      return undefined;
    }
  }

  cachedGroupMetadata(jid: string): Promise<GroupMetadata | undefined> {
    const socket = this.socket;
    return this.groups.get(jid, socket ? (j) => socket.groupMetadata(j) : undefined);
  }

  send(socket: WASocket, message: Message, to: SendTarget): Promise<BridgeSendResult> {
    return this.sends.send(socket, message, to);
  }

  update(socket: WASocket, message: Message, to: SendTarget): Promise<void> {
    return this.sends.update(socket, message, to);
  }

  /** an import of old messages is waiting for the history a new pairing brings */
  wantsFullHistory(): Promise<boolean> {
    return this.history.wantsFullHistory();
  }
}

/** Chats taken in side by side: enough to keep a busy number's table and queue calls overlapping, few enough for one task. */
const CHAT_CONCURRENCY = 32;
const HISTORY_LANE = 'history';

/** `items` grouped by their chat, each group in the order given. */
const byChat = <T>(items: readonly T[], chatOf: (item: T) => string | null | undefined): Map<string, T[]> => {
  const chats = new Map<string, T[]>();
  for (const item of items) {
    const key = `chat:${chatOf(item) ?? ''}`;
    chats.set(key, [...(chats.get(key) ?? []), item]);
  }
  return chats;
};

/** The factory the session manager takes: one bridge per running socket of a connection. */
export const createMessageBridge =
  (deps: BridgeDeps): MessageBridgeFactory =>
  (context) =>
    new BaileysMessageBridge(context, deps);

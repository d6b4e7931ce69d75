/**
 * The Baileys message bridge: everything that travels over one WhatsApp session. Inbound, the socket's events
 * become our InboundEvents (inbound/message-intake.ts, with history syncs and imports of old messages in
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
  private chain: Promise<void> = Promise.resolve();
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
        this.enqueue(() => this.intake.takeIn(messages, type === 'append' ? 'recovered' : 'live')),
      'messages.update': (updates) => this.enqueue(() => this.intake.takeUpdates(updates)),
      call: (calls) => this.enqueue(() => this.intake.takeCalls(calls)),
      'messaging-history.set': (history) => this.enqueue(() => this.history.takeHistory(history)),
      'messaging-history.status': ({ status }) => {
        if (status === 'complete') this.enqueue(() => this.history.finishImport());
      },
      'lid-mapping.update': ({ lid, pn }) => this.enqueue(() => this.identities.learn(lid, pn)),
      'contacts.upsert': (contacts) => this.enqueue(() => this.intake.learnContacts(contacts)),
      'chats.upsert': (chats) => this.enqueue(() => this.intake.keepChats(chats, [])),
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

  private enqueue(task: () => Promise<void>): void {
    // one event at a time, in the order the socket gave them: one conversation's messages stay in order
    this.chain = this.chain
      .then(task)
      .catch((error: unknown) =>
        this.log.error('inbound event not taken in', { connectionId: this.context.connectionId, ...errorData(error) }),
      );
  }
}

/** The factory the session manager takes: one bridge per running socket of a connection. */
export const createMessageBridge =
  (deps: BridgeDeps): MessageBridgeFactory =>
  (context) =>
    new BaileysMessageBridge(context, deps);

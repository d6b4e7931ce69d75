/**
 * The seam between a WhatsApp session (socket, lease, auth state, status: `sessions/`) and what travels over it
 * (messages in and out: `inbound/`, `outbound/`). The session manager creates one bridge per running socket and
 * knows nothing of message formats; the bridge knows nothing of leases or reconnects.
 */
import type { InboundEvent } from '@switchboard/shared/connector';
import type { Message } from '@switchboard/shared/contracts/messages';
import type { GroupMetadata, WAMessageKey, WASocket, proto } from '@whiskeysockets/baileys';

/** The recipient of a send, as the platform resolved it from the ticket. */
export interface SendTarget {
  companyId: number;
  connectionId: number;
  contactId: number;
  /** the contact's WhatsApp identity as stored (a phone number's digits, a LID, or a group id) */
  identity: string;
}

export interface BridgeSendResult {
  /** 1 sent (the server took it), 2 delivered */
  ack: number;
  /** the WhatsApp message id (`key.id`): later acks, edits and echoes are matched by it */
  channelMessageId: string;
}

/** What the session gives the bridge of one connection. */
export interface SessionContext {
  companyId: number;
  connectionId: number;
  /**
   * Puts normalised events on `inbound.fifo`; resolves only once they are durably queued. A bridge awaits it
   * before it considers a message taken in (so a crash before that leaves the message to offline delivery).
   */
  emit(events: InboundEvent[]): Promise<void>;
  /** how many messages a reconnect's offline delivery or history sync brought in (shown on the health panel) */
  recovered(count: number): void;
  /** this connection's own number once the session is open (digits only), for telling own messages apart */
  ownNumber(): string | undefined;
}

/** The message layer of one running socket. */
export interface MessageBridge {
  /** subscribes to the socket's message events (messages.upsert/update, reactions, calls, history, LID maps); returns the unsubscribe */
  bind(socket: WASocket): () => void;
  /** Baileys' `getMessage`: the stored message with that id for retries and polls; never an empty message on a miss */
  getMessage(key: WAMessageKey): Promise<proto.IMessage | undefined>;
  /** Baileys' `cachedGroupMetadata` */
  cachedGroupMetadata(jid: string): Promise<GroupMetadata | undefined>;
  /** sends one stored message over the socket (text, media with caption, quote); throws when the socket refused it */
  send(socket: WASocket, message: Message, to: SendTarget): Promise<BridgeSendResult>;
  /** tells WhatsApp that a delivered message changed: an edit (new body) or a delete for everyone */
  update(socket: WASocket, message: Message, to: SendTarget): Promise<void>;
  /** whether the next socket should ask the phone for its full history (an import of old messages is waiting) */
  wantsFullHistory?(): Promise<boolean>;
}

export type MessageBridgeFactory = (context: SessionContext) => MessageBridge;

/**
 * One driver per channel behind one contract. Provider formats stop here: a driver turns its provider's payloads
 * into our `InboundEvent`s and our stored messages into the provider's calls, and checks a connection's settings.
 */
import type { ChannelTraits } from '@switchboard/shared/channel-traits';
import type { InboundEvent } from '@switchboard/shared/connector';
import type { Channel } from '@switchboard/shared/contracts/connections';
import type { Message } from '@switchboard/shared/contracts/messages';
import type { GraphSettings } from './graph/graph-settings.ts';

/**
 * The connection a driver works on, with what it may read of our data: its caller passes the readers, since a driver
 * imports no module.
 */
export interface ConnectionContext {
  companyId: number;
  connectionId: number;
  /** the connection's Graph settings with their secrets opened (what a Graph driver calls Meta with); none if it has none */
  graphSettings(): Promise<GraphSettings | undefined>;
}

/** The connection a send goes out on, with what a driver may read of our data while it sends. */
export interface SendingConnection extends ConnectionContext {
  /** the provider's id of one of our stored messages (the one a send quotes), when it reached the channel */
  channelMessageIdOf(messageId: string): Promise<string | undefined>;
}

export interface OutgoingContext {
  companyId: number;
  connectionId: number;
  contactId: number;
  /** the customer's identity on the channel (phone number, page-scoped id, web-chat visitor id) */
  identity: string;
}

export interface SendResult {
  /** the ack reached: 1 sent, 2 delivered */
  ack: number;
  /** the provider's id of the sent message, when it has one: its later acks, edits and echoes are matched by it */
  channelMessageId?: string;
}

/** A provider's payload and the connection it arrived on (found by the webhook's route or the widget's token). */
export interface InboundPayload {
  connection: {
    companyId: number;
    connectionId: number;
    /** the provider's id of the connection's account (a Cloud API number): events for another account are left out */
    accountId?: string;
  };
  payload: unknown;
  /** when it arrived, for payloads that carry no time of their own */
  receivedAt: string;
}

/** What is wrong with a connection's settings, by field. */
export interface ConfigIssue {
  path: string;
  message: string;
}

export interface ChannelDriver {
  readonly channel: Channel;
  /** what modules ask of the channel (its row of shared/src/channel-traits.ts), instead of comparing its name */
  readonly traits: Readonly<ChannelTraits>;
  /** the provider's payload as our events; throws InvalidInboundPayload for one that is not the provider's */
  parseInbound(input: InboundPayload): InboundEvent[];
  /**
   * Delivers a new message. Throws only when the provider did not take it (ChannelUnavailable, or an error worth
   * retrying); when that cannot be told, or retrying cannot help, it throws PermanentSendError.
   */
  send(message: Message, to: OutgoingContext, connection: SendingConnection): Promise<SendResult>;
  /**
   * tells the customer's side that a delivered message changed (edit or delete): at once, or by handing the change to
   * what holds the channel (WhatsApp sessions live in the connector)
   */
  update(message: Message, to: OutgoingContext): Promise<void>;
  /** checks a connection's channel settings; answers the issues, none when valid */
  validateConfig(config: unknown): ConfigIssue[];
  /**
   * Fetches media an event left at the provider (`mediaRef`, the driver's own reference), for the inbound pipeline
   * to store. Throws an error worth retrying when the provider could not be reached.
   */
  fetchMedia?(connection: ConnectionContext, ref: string): Promise<FetchedMedia>;
  /**
   * The person behind an identity as the provider knows them (Messenger, Instagram), asked once when their contact
   * is created; undefined when the provider would not tell (a failure never stops the event).
   */
  fetchProfile?(connection: ConnectionContext, identity: string): Promise<ContactProfile | undefined>;
  /**
   * Asks whether a phone number has an account on the channel, for channels that can tell (a WhatsApp session; the
   * Cloud API, Messenger, Instagram and the web chat cannot). What holds the channel writes the answer to the table
   * (modules/connections/whatsapp-number.entity.ts), where the asker waits for it.
   */
  requestNumberLookup?(connection: { companyId: number; connectionId: number }, number: string): Promise<void>;
}

export interface ContactProfile {
  name?: string;
  urlPicture?: string;
}

export interface FetchedMedia {
  bytes: Buffer;
  mimeType: string;
  /** a file name to keep (the customer's document name, or one made from the type) */
  name: string;
}

/** A channel whose connection is not running on this deployment (session down, not initialised, no driver). */
export class ChannelUnavailable extends Error {
  constructor(readonly channel: Channel) {
    super(`The ${channel} connection is not initialized`);
  }
}

/** A send that must not be tried again: refused for good by the provider, or with an outcome nobody can know. */
export class PermanentSendError extends Error {}

/** The provider refused the connection's credentials (an expired or revoked token): only an admin's new token helps. */
export class CredentialsRejected extends PermanentSendError {}

export class InvalidInboundPayload extends Error {}

/** Media the provider no longer serves (expired, removed): the message is kept without it, trying again cannot help. */
export class MediaUnavailable extends Error {}

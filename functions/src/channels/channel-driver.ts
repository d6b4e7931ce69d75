/**
 * One driver per channel behind one contract: how an agent's message reaches the customer. Drivers get the
 * stored message and answer the ack it reached, or throw; the caller stores the failure on the message.
 */
import type { Channel, Message } from '@switchboard/shared/contracts/inbox';

export interface OutgoingContext {
  companyId: number;
  connectionId: number;
  contactId: number;
  /** the customer's identity on the channel (phone number, page-scoped id, web-chat visitor id) */
  identity: string;
}

export interface ChannelDriver {
  readonly channel: Channel;
  /** delivers a new message; answers the ack reached (1 sent, 2 delivered) */
  send(message: Message, to: OutgoingContext): Promise<number>;
  /** tells the customer's side that a message changed (edit or delete) */
  update(message: Message, to: OutgoingContext): Promise<void>;
}

/** A channel whose connection is not running on this deployment answers ERR_WAPP_NOT_INITIALIZED. */
export class ChannelUnavailable extends Error {
  constructor(readonly channel: Channel) {
    super(`The ${channel} connection is not initialized`);
  }
}

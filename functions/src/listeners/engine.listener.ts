/**
 * The conversation engine (functions/src/engine) answers each stored customer message. Registered by the inbound
 * Lambda entry only: customers' messages are stored there. A failure of the engine is logged and never fails the
 * message's intake (the message is stored; a retry would find it a duplicate anyway).
 */
import { domainEvents } from '../platform/events/domain-events.ts';
import { answerCustomerMessage } from '../engine/conversation-engine.ts';

export const registerEngineListener = (): void => {
  domainEvents.on('message.received', 'engine', answerCustomerMessage);
};

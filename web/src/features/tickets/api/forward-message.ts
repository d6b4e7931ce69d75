import { callRoute } from '../../../lib/api-client.ts';

export const forwardMessage = (body: { messageId: string; contactId: number; signMessage?: boolean }) =>
  callRoute('messages.forward', { body });

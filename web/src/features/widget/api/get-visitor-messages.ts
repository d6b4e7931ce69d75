import { visitorMessages } from '@switchboard/shared/contracts/webchat';
import { widgetFetch } from './widget-fetch.ts';

/** GET /webchat/{token}/messages: the visitor's conversation and whether the company has answered yet. */
export const getVisitorMessages = async ({ chatToken, visitorToken }: { chatToken: string; visitorToken: string }) =>
  visitorMessages.parse(await widgetFetch('webchat.messages', { chatToken, visitorToken }));

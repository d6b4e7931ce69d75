import { visitorSocketTicket } from '@switchboard/shared/contracts/webchat';
import { widgetFetch } from './widget-fetch.ts';

/** POST /webchat/{token}/ws-ticket: a one-time ticket that opens the visitor's socket, asked for before each connection. */
export const getVisitorSocketTicket = async ({ chatToken, visitorToken }: { chatToken: string; visitorToken: string }) =>
  visitorSocketTicket.parse(await widgetFetch('webchat.ws-ticket', { chatToken, visitorToken })).ticket;

/**
 * What the rest of the product needs to know about a channel, declared once per channel. Each channel driver exposes
 * its row as `traits` (functions/src/channels); modules, shared rules and the web read it through `traitsOf` instead
 * of comparing channel names, so a new channel is described here and in its driver, not in every caller.
 */
import type { Channel } from './contracts/connections.ts';
import type { PlanFlag } from './contracts/plans.ts';

/**
 * Who a campaign can write first: phone numbers (contact lists and tags), only the people of a tag who wrote to that
 * page or account (page-scoped ids), or nobody (a web chat only answers its visitors).
 */
export type CampaignReach = 'lists-and-tags' | 'tags' | 'none';

export interface ChannelTraits {
  /** who a contact is on the channel: a phone number, an id the provider gives per page or account, a web visitor */
  identity: 'phone' | 'page-scoped' | 'web-visitor';
  /** Meta's 24-hour customer-service window applies: free-form sends only while it is open (service-window.ts) */
  serviceWindow: boolean;
  /** approved message templates can be sent (and are the only way to write outside the service window) */
  templates: boolean;
  /**
   * A QR-paired session held by the connector: it opens when the connection is made and is removed with it, imports
   * old messages, looks numbers up and addresses people by WhatsApp JID.
   */
  qrSession: boolean;
  /** the queue an outbound send goes to: the connector's for a session it holds, the outbound function's otherwise */
  outboundQueue: 'connector-outbound.fifo' | 'outbound.fifo';
  /** how a bot menu reaches the customer: text only, Cloud API buttons or list, Messenger quick replies, widget buttons */
  menus: 'text' | 'interactive' | 'quick-replies' | 'buttons';
  /** the file an agent's voice recording is sent as (voice-recordings.ts) */
  voiceRecording: 'ogg' | 'wav';
  /** the Meta account a Graph connection stands for (its webhook marker and credentials check); null off the Graph API */
  graphAccount: 'phone-number' | 'page' | 'instagram-account' | null;
  /** a public widget key reaches the connection (kept apart from its secret API token) */
  widgetKey: boolean;
  campaignReach: CampaignReach;
  /** the provider sends our own messages back as events (echoes), matched to the sends they came from */
  echoesOwnSends: boolean;
  /** the plan flag a company needs to make such a connection; null when every plan may */
  planFlag: PlanFlag | null;
}

const metaPage = {
  identity: 'page-scoped',
  serviceWindow: true,
  templates: false,
  qrSession: false,
  outboundQueue: 'outbound.fifo',
  menus: 'quick-replies',
  // Meta takes neither Ogg nor WebM audio there, and WAV is what a browser makes without an encoder
  voiceRecording: 'wav',
  widgetKey: false,
  campaignReach: 'tags',
  echoesOwnSends: true,
} as const satisfies Partial<ChannelTraits>;

export const channelTraits: Readonly<Record<Channel, Readonly<ChannelTraits>>> = {
  whatsapp: {
    identity: 'phone',
    serviceWindow: false,
    templates: false,
    qrSession: true,
    outboundQueue: 'connector-outbound.fifo',
    menus: 'text',
    voiceRecording: 'ogg',
    graphAccount: null,
    widgetKey: false,
    campaignReach: 'lists-and-tags',
    echoesOwnSends: false,
    planFlag: 'useWhatsapp',
  },
  whatsappapi: {
    identity: 'phone',
    serviceWindow: true,
    templates: true,
    qrSession: false,
    outboundQueue: 'outbound.fifo',
    menus: 'interactive',
    voiceRecording: 'ogg',
    graphAccount: 'phone-number',
    widgetKey: false,
    campaignReach: 'lists-and-tags',
    echoesOwnSends: false,
    planFlag: 'useWhatsapp',
  },
  facebook: { ...metaPage, graphAccount: 'page', planFlag: 'useFacebook' },
  instagram: { ...metaPage, graphAccount: 'instagram-account', planFlag: 'useInstagram' },
  webchat: {
    identity: 'web-visitor',
    serviceWindow: false,
    templates: false,
    qrSession: false,
    outboundQueue: 'outbound.fifo',
    menus: 'buttons',
    voiceRecording: 'ogg',
    graphAccount: null,
    widgetKey: true,
    campaignReach: 'none',
    echoesOwnSends: false,
    planFlag: null,
  },
};

export const traitsOf = (channel: Channel): Readonly<ChannelTraits> => channelTraits[channel];

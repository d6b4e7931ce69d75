/**
 * Which connections can send a campaign. A campaign writes first, so it needs a channel that can open a conversation
 * with someone who is not writing now:
 * - WhatsApp (a QR session or the Cloud API) writes to phone numbers: contact lists and tags;
 * - Messenger and Instagram write only to people who wrote to that page or account (page-scoped ids): tags only,
 *   since a contact list holds phone numbers;
 * - a web chat cannot write to a visitor first: no campaigns.
 * The campaign dialog offers only the connections that can send, and says why before saving; the server refuses
 * the rest with the same words.
 */
import { traitsOf, type CampaignReach } from './channel-traits.ts';
import { type Channel } from './contracts/connections.ts';

export const campaignReach = (channel: Channel): CampaignReach => traitsOf(channel).campaignReach;

export const canSendCampaigns = (channel: Channel): boolean => campaignReach(channel) !== 'none';

/** The server's messages for the two refusals (the web maps them to its dictionaries). */
export const CAMPAIGN_CHANNEL_REFUSED = 'This connection cannot send campaigns: a web chat only answers its visitors';
export const CAMPAIGN_LIST_REFUSED = 'Messenger and Instagram campaigns go to a tag: a contact list holds phone numbers';

/** The field a campaign's choice of connection and recipients is refused on, with the message; nothing when it can go. */
export const campaignChannelIssue = (
  channel: Channel,
  recipients: { contactListId: number | null | undefined },
): { field: 'whatsappId' | 'contactListId'; message: string } | undefined => {
  const reach = campaignReach(channel);
  if (reach === 'none') return { field: 'whatsappId', message: CAMPAIGN_CHANNEL_REFUSED };
  if (reach === 'tags' && recipients.contactListId) return { field: 'contactListId', message: CAMPAIGN_LIST_REFUSED };
  return undefined;
};

/**
 * A customer's message reaches the campaigns before the conversation engine (server reference 1.1 step 5 and
 * 6.4): a confirmation reply sends the campaign's message, an opt-out word is recorded, and any message stops a
 * campaign send still ahead for that number. Registered by the inbound Lambda entry, before the engine listener.
 * A failure is logged and never fails the message's intake.
 */
import { canSendCampaigns } from '@switchboard/shared/campaign-channels';
import { domainEvents } from '../platform/events/domain-events.ts';
import { noteCustomerMessage } from '../modules/campaigns/campaign-replies.service.ts';
import { campaignAddressOf } from '../modules/campaigns/campaign.entity.ts';

export const registerCampaignRepliesListener = (): void => {
  domainEvents.on('message.received', 'campaign-replies', async (e) => {
    const contact = e.ticket.contact;
    // only the channels a campaign reaches (campaign-recipients.ts): numbers on WhatsApp, page-scoped ids on Meta's pages
    if (!canSendCampaigns(e.ticket.channel) || contact.isGroup || e.message.fromMe) return;
    await noteCustomerMessage(e.companyId, campaignAddressOf(contact), e.message.body);
  });
};

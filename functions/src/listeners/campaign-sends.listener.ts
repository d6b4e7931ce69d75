/**
 * A campaign's send that the channel refused after the campaign recorded it (outbound sends are asynchronous: a
 * Graph error, a failed status, a session that never came back) reaches the campaign's report as a failure with
 * the channel's reason. Registered by the entries that settle sends: the outbound sender and the inbound consumer
 * (failed statuses), and the connector (Baileys sends). The report is moved by a job, so these entries stay free of
 * the campaign sender (and its queues).
 */
import { phoneDigits } from '@switchboard/shared/contracts/inbox';
import { CAMPAIGN_MARK, SEND_FAILED_JOB } from '../modules/campaigns/campaign.entity.ts';
import { enqueueJob } from '../modules/jobs/jobs.service.ts';
import { domainEvents } from '../platform/events/domain-events.ts';

export const registerCampaignSendsListener = (): void => {
  domainEvents.on('message.updated', 'campaign-sends', async (e) => {
    const m = e.message;
    // campaign texts carry the campaign mark (templates included): anything else is not a campaign's
    if (!m.fromMe || !m.error || !m.body.startsWith(CAMPAIGN_MARK)) return;
    const contact = e.ticket.contact;
    const number = contact.channel === 'whatsapp' || contact.channel === 'whatsappapi' ? phoneDigits(contact.number) : contact.number;
    await enqueueJob({ type: SEND_FAILED_JOB, companyId: e.companyId, number, messageId: m.id, error: m.error.slice(0, 2000) });
  });
};

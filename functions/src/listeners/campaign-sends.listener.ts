/**
 * What becomes of a campaign's send at the channel reaches the campaign's report: a refusal after the campaign
 * recorded it (outbound sends are asynchronous: a Graph error, a failed status, a session that never came back) as a
 * failure with the channel's reason; a receipt (ack) as sent, delivered or read; a deferral (the channel is down) as
 * deferred with its reason. Registered by the entries that settle sends and receive receipts: the outbound sender
 * and the inbound consumer, and the connector (Baileys sends and receipts). The report is moved by a job, so these
 * entries stay free of the campaign sender (and its queues).
 */
import { ACK_SENT } from '@switchboard/shared/contracts/messages';
import { type Ticket } from '@switchboard/shared/contracts/tickets';
import { CAMPAIGN_MARK, campaignAddressOf, SEND_FAILED_JOB, SEND_STATE_JOB } from '../modules/campaigns/campaign.entity.ts';
import { enqueueJob } from '../modules/jobs/jobs.service.ts';
import { domainEvents } from '../platform/events/domain-events.ts';

const numberOf = (ticket: Ticket): string => campaignAddressOf(ticket.contact);

// campaign texts carry the campaign mark (templates included): anything else is not a campaign's
const isCampaigns = (m: { fromMe: boolean; body: string }): boolean => m.fromMe && m.body.startsWith(CAMPAIGN_MARK);

export const registerCampaignSendsListener = (): void => {
  domainEvents.on('message.updated', 'campaign-sends', async (e) => {
    const m = e.message;
    if (!isCampaigns(m)) return;
    const number = numberOf(e.ticket);
    if (m.error) {
      await enqueueJob({ type: SEND_FAILED_JOB, companyId: e.companyId, number, messageId: m.id, error: m.error.slice(0, 2000) });
      return;
    }
    // every change with an ack: a send that went after a deferral (1), a delivery (2), a read (3)
    if (m.ack >= ACK_SENT)
      await enqueueJob({ type: SEND_STATE_JOB, companyId: e.companyId, number, messageId: m.id, state: { ack: m.ack } });
  });
  domainEvents.on('message.deferred', 'campaign-sends', async (e) => {
    if (!isCampaigns(e.message)) return;
    await enqueueJob({
      type: SEND_STATE_JOB,
      companyId: e.companyId,
      number: numberOf(e.ticket),
      messageId: e.message.id,
      state: { deferred: e.reason.slice(0, 300) },
    });
  });
};

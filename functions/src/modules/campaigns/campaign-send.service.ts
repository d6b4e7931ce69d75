/**
 * The `campaigns.send` job: one recipient's message (or confirmation request), claimed before it goes so that it goes
 * at most once, postponed while the hours, the pacing or the number's daily cap say not yet.
 */
import { traitsOf } from '@switchboard/shared/channel-traits';
import {
  confirmationFields,
  messageFields,
  type CampaignSettings,
  type CampaignStats,
} from '@switchboard/shared/contracts/campaigns';
import type { Contact } from '@switchboard/shared/contracts/contacts';
import { substituteVariables } from '@switchboard/shared/message-variables';
import { renderTemplateBody } from '../../channels/whatsapp-cloud/cloud-templates.ts';
import { clock } from '../../platform/clock.ts';
import { logger } from '../../platform/logger.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { findConnection } from '../connections/connections.service.ts';
import { findOrCreateContactByIdentity } from '../contacts/contact-identity.service.ts';
import { sendCampaignMessage } from '../messages/message-sending.service.ts';
import { closeTicketAfterSchedule } from '../tickets/ticket-transitions.service.ts';
import { ticketForScheduledMessage } from '../tickets/ticket-routing.service.ts';
import { localDay, nextAllowedDay, nextAllowedMoment } from './campaign-pacing.ts';
import { failSent } from './campaign-receipts.service.ts';
import { finishIfDone, rulesOf, runAt, running, SEND_JOB, type SendJob } from './campaign-run.service.ts';
import { campaignSettingsOf } from './campaign-settings.service.ts';
import { CAMPAIGN_MARK, type CampaignRecord, type ShippingRecord } from './campaign.entity.ts';
import { addStats, getCampaignRecord } from './campaigns.repository.ts';
import { getShipping, moveShipping } from './campaign-shipping.repository.ts';
import { claimSendSlot, countDailySend, isOptedOut } from './campaign-send-limits.repository.ts';

/** A claim older than this was abandoned (the function timed out mid-send): it is failed, never sent again. */
const STALE_CLAIM_MS = 5 * 60_000;

const now = () => clock().now();
const iso = () => now().toISOString();

const pick = (values: string[]): string | undefined => {
  const options = values.filter((v) => v.trim());
  return options.length ? options[Math.floor(Math.random() * options.length)] : undefined;
};

/**
 * Campaign variables (server reference 4.5): the recipient's name, first name, e-mail and number, then the campaign's
 * custom pairs, written {{name}} or in the older {nome}, {email}, {numero}, {key} forms (shared message-variables).
 */
export const fillVariables = (
  text: string,
  recipient: { name: string; email: string; number: string },
  variables: CampaignSettings['variables'],
): string => {
  const values: Record<string, string> = {};
  for (const v of variables) if (v.key.trim()) values[v.key.trim()] = v.value;
  Object.assign(values, {
    name: recipient.name,
    firstName: recipient.name.trim().split(/\s+/)[0] ?? '',
    email: recipient.email,
    number: recipient.number,
    nome: recipient.name,
    numero: recipient.number,
  });
  return substituteVariables(text, values);
};

const settle = async (
  row: ShippingRecord,
  to: ShippingRecord['status'],
  fields: Partial<ShippingRecord>,
  delta: Partial<CampaignStats>,
): Promise<void> => {
  const moved = await moveShipping(row, ['sending'], to, fields, { run: row.run });
  if (!moved) return;
  await addStats(row.companyId, row.campaignId, delta);
  // the channel refused one of its messages before the row was settled: the row fails now
  const late = moved.row.lateFailure;
  if (late && moved.row.messageIds?.includes(late.messageId)) await failSent(moved.row, late.messageId, late.reason);
};

/** Moves a send that may not go now to `at`, keeping it queued for the same run. */
const postpone = async (job: SendJob, at: Date): Promise<void> => {
  await moveShipping(job, ['queued'], 'queued', { dueAt: at.toISOString() }, { run: job.run });
  await runAt({ type: SEND_JOB, ...job }, at, `campaign-${job.companyId}-${job.campaignId}-ship-${job.number}`);
};

const skip = async (job: SendJob, reason: string): Promise<void> => {
  const moved = await moveShipping(job, ['queued', 'planned'], 'skipped', { reason }, { run: job.run });
  if (moved) await addStats(job.companyId, job.campaignId, { skipped: 1 });
};

/** The `campaigns.send` job: one recipient's message (or confirmation request), at most once. */
export const sendToRecipient = async (job: SendJob): Promise<void> => {
  const r = await getCampaignRecord(job.companyId, job.campaignId);
  if (!running(r, job.run)) return;
  const row = await getShipping(job.companyId, job.campaignId, job.number);
  if (!row || row.run !== job.run) return;
  if (row.status === 'sending' && row.sendingAt && now().getTime() - new Date(row.sendingAt).getTime() > STALE_CLAIM_MS) {
    // whether the abandoned send reached the channel is unknown: failing it never risks a second message
    await settle(row, 'failed', { reason: 'interrupted' }, { failed: 1 });
    await finishIfDone(r.companyId, r.id);
    return;
  }
  if (row.status !== 'queued') return;
  if (row.dueAt && new Date(row.dueAt).getTime() - now().getTime() > 1000) {
    // came early (a delay is capped at 15 minutes, or a redelivery): back on the queue until its time
    await runAt(
      { type: SEND_JOB, ...job },
      new Date(row.dueAt),
      `campaign-${job.companyId}-${job.campaignId}-ship-${job.number}`,
    );
    return;
  }
  if (row.repliedAt && !row.confirmedAt) {
    await skip(job, 'replied');
    await finishIfDone(r.companyId, r.id);
    return;
  }
  if (await isOptedOut(r.companyId, row.number)) {
    await skip(job, 'optedOut');
    await finishIfDone(r.companyId, r.id);
    return;
  }
  const settings = await campaignSettingsOf(r.companyId);
  const rules = await rulesOf(r, settings);
  const allowed = nextAllowedMoment(now(), rules);
  if (allowed.getTime() - now().getTime() > 1000) {
    await postpone(job, allowed);
    return;
  }
  // one send per campaign at a time, a message interval apart, however two jobs came to the same moment
  const slot = await claimSendSlot(r.companyId, r.id, now().getTime(), rules.messageInterval * 1000);
  if (slot !== true) {
    await postpone(job, new Date(slot));
    return;
  }
  const day = localDay(now(), rules.timeZone);
  if (!(await countDailySend(r.companyId, r.whatsappId, day, rules.dailyCap(day), Math.floor(now().getTime() / 1000)))) {
    await postpone(job, nextAllowedDay(now(), rules));
    return;
  }
  const claimed = (await moveShipping(row, ['queued'], 'sending', { sendingAt: iso() }, { run: job.run }))?.row;
  if (!claimed) return;
  const asksConfirmation = r.confirmation && !claimed.confirmationRequestedAt;
  try {
    const sent = await deliverToRecipient(r, claimed, settings, asksConfirmation);
    const at = iso();
    const messageIds = [...(claimed.messageIds ?? []), ...sent.messageIds];
    if (asksConfirmation)
      await settle(
        claimed,
        'awaitingConfirmation',
        { confirmationMessage: sent.text, confirmationRequestedAt: at, messageIds },
        { confirmationRequested: 1 },
      );
    // delivered only once the channel confirms it (its receipt, noteSendState)
    else await settle(claimed, 'sent', { message: sent.text, sentAt: at, messageIds, sentIds: sent.messageIds }, { sent: 1 });
  } catch (error) {
    const reason = (error as { code?: string }).code ?? (error as Error).message ?? 'unknown';
    logger.warn('campaign send failed', { ...job, error: error as Error });
    await settle(claimed, 'failed', { reason: String(reason).slice(0, 300) }, { failed: 1 });
  }
  await finishIfDone(r.companyId, r.id);
};

/**
 * Sends in the contact's ticket on the campaign's connection: with openTicket, opened for the campaign's user and
 * queue and left in statusTicket; without, a ticket opened only for this send is closed again. A conversation
 * that was already running is left as it was (its agent, queue and status): the campaign only adds its message.
 * Answers the text and the ids of the messages recorded.
 */
const deliverToRecipient = async (
  r: CampaignRecord,
  row: ShippingRecord,
  settings: CampaignSettings,
  confirmationRequest: boolean,
): Promise<{ text: string; messageIds: string[] }> => {
  const connection = await findConnection(r.companyId, r.whatsappId);
  if (!connection) throw Object.assign(new Error('The campaign’s connection is gone'), { code: 'ERR_NO_WAPP_FOUND' });
  const { contact } = await findOrCreateContactByIdentity(r.companyId, {
    channel: connection.channel,
    identity: row.number,
    name: row.name,
    email: row.email,
    connectionId: connection.id,
  });
  const open =
    r.openTicket === 'enabled'
      ? { userId: r.userId, queueId: r.queueId, status: r.statusTicket === 'pending' ? ('pending' as const) : ('open' as const) }
      : undefined;
  const { ticket, running } = await ticketForScheduledMessage(r.companyId, connection, contact, open, { keepRunning: true });
  const variant = pick((confirmationRequest ? confirmationFields : messageFields).map((f) => r[f])) ?? '';
  // the messages name their row, so that their receipts find it with one read
  const campaignSend = { campaignId: r.id, number: row.number };
  const text = fillVariables(variant, row, settings.variables);
  const marked = text ? `${CAMPAIGN_MARK}${text}` : '';
  const messageIds: string[] = [];
  if (r.template && !confirmationRequest && traitsOf(connection.channel).templates) {
    const fill = (p: string) => fillVariables(p, row, settings.variables);
    const template = {
      name: r.template.name,
      language: r.template.language,
      params: r.template.params.map(fill),
      headerParams: (r.template.headerParams ?? []).map(fill),
    };
    // the conversation keeps the template as the customer reads it (its texts filled in), not the campaign's variants
    const shown = r.templateText
      ? [
          renderTemplateBody(r.templateText.header, template.headerParams),
          renderTemplateBody(r.templateText.body, template.params),
        ]
          .filter((x) => x.trim())
          .join('\n')
      : '';
    const message = await sendCampaignMessage(ticket, contact, {
      text: `${CAMPAIGN_MARK}${shown || text || r.template.name}`,
      template,
      campaignSend,
    });
    if (message.error) throw Object.assign(new Error(message.error), { code: message.error });
    messageIds.push(message.id);
    if (!running) await closeIfAsked(r, ticket, contact);
    return { text: shown || text || r.template.name, messageIds };
  }
  const uploaded = !confirmationRequest && r.mediaPath ? (await blobStore().size(r.mediaPath)) !== undefined : false;
  const media =
    uploaded && r.mediaPath
      ? { key: r.mediaPath, name: r.mediaName ?? 'file', mimeType: r.mediaType ?? 'application/octet-stream' }
      : undefined;
  const sends =
    media && media.mimeType.startsWith('audio/')
      ? [...(marked ? [{ text: marked }] : []), { text: CAMPAIGN_MARK, media }]
      : [{ text: marked, ...(media ? { media } : {}) }];
  for (const s of sends) {
    const message = await sendCampaignMessage(ticket, contact, { ...s, campaignSend });
    if (message.error) throw Object.assign(new Error(message.error), { code: message.error });
    messageIds.push(message.id);
  }
  if (!running) await closeIfAsked(r, ticket, contact);
  return { text, messageIds };
};

/** A ticket created or reopened for the send: closed again, unless the campaign opens tickets in another status. */
const closeIfAsked = async (
  r: CampaignRecord,
  ticket: Parameters<typeof closeTicketAfterSchedule>[0],
  contact: Contact,
): Promise<void> => {
  const close = r.openTicket === 'enabled' ? r.statusTicket === 'closed' : true;
  if (close) await closeTicketAfterSchedule(ticket, contact);
};

/**
 * What the channel says of a campaign's messages after they went: receipts and deferrals move the send's shipping
 * row and the report's counters; a refusal that comes after the row was settled fails it.
 */
import type { CampaignStats, ShippingStatus } from '@switchboard/shared/contracts/campaigns';
import { ACK_DELIVERED, ACK_READ, ACK_SENT } from '@switchboard/shared/contracts/messages';
import { clock } from '../../platform/clock.ts';
import { findStoredMessage, type MessageRecord } from '../messages/message-sends.service.ts';
import { finishIfDone } from './campaign-run.service.ts';
import type { ShippingRecord } from './campaign.entity.ts';
import { addStats } from './campaigns.repository.ts';
import { campaignsOfNumber, getShipping, moveShipping, noteLateFailure } from './campaign-shipping.repository.ts';

const iso = () => clock().now().toISOString();

/** The counters a row in `status` stands in (a read send is a delivered one too). */
const rowCounters = (status: ShippingStatus): Partial<CampaignStats> => {
  switch (status) {
    case 'sent':
      return { sent: 1 };
    case 'deferred':
      return { deferred: 1 };
    case 'delivered':
      return { delivered: 1 };
    case 'read':
      return { delivered: 1, read: 1 };
    case 'failed':
      return { failed: 1 };
    default:
      return {};
  }
};

/** How the counters move when a row goes from one status to another. */
const statsMove = (from: ShippingStatus, to: ShippingStatus): Partial<CampaignStats> => {
  const out: Record<string, number> = {};
  for (const [k, n] of Object.entries(rowCounters(from))) out[k] = (out[k] ?? 0) - (n ?? 0);
  for (const [k, n] of Object.entries(rowCounters(to))) out[k] = (out[k] ?? 0) + (n ?? 0);
  return out as Partial<CampaignStats>;
};

type RowKey = Pick<ShippingRecord, 'companyId' | 'campaignId' | 'number'>;

/**
 * A send of the row that the channel refused after the row was settled: any settled status but failed and skipped
 * becomes failed with the reason, once.
 */
export const failSent = async (row: RowKey, messageId: string, reason: string): Promise<boolean> => {
  const moved = await moveShipping(
    row,
    ['sent', 'deferred', 'delivered', 'read', 'awaitingConfirmation'],
    'failed',
    { reason, lateFailure: null },
    { message: { id: messageId, of: 'messageIds' } },
  );
  if (!moved) return false;
  await addStats(row.companyId, row.campaignId, statsMove(moved.was, 'failed'));
  return true;
};

/**
 * The shipping rows a message of ours may be of: the one its campaign's send recorded on it or, for a message
 * recorded before messages named their campaign send, the number's row in each campaign it was planned in (receipts
 * of those still come days later; the number's markers expire 60 days on).
 */
const rowsOfMessage = async (companyId: number, number: string, message: MessageRecord | undefined): Promise<RowKey[]> => {
  if (!message) return [];
  if (message.campaignSend) return [{ companyId, ...message.campaignSend }];
  return (await campaignsOfNumber(companyId, number)).map((campaignId) => ({ companyId, campaignId, number }));
};

/** What a message's state makes of its row, and the statuses it may come from (receipts never move a row back). */
const receiptMove = (
  state: { ack: number } | { deferred: string },
): { to: ShippingStatus; from: ShippingStatus[]; fields: { deliveredAt?: string; reason?: string | null } } | undefined => {
  if ('deferred' in state) return { to: 'deferred', from: ['sent'], fields: { reason: state.deferred.slice(0, 300) } };
  if (state.ack >= ACK_READ)
    return { to: 'read', from: ['sent', 'deferred', 'delivered'], fields: { deliveredAt: iso(), reason: null } };
  if (state.ack >= ACK_DELIVERED)
    return { to: 'delivered', from: ['sent', 'deferred'], fields: { deliveredAt: iso(), reason: null } };
  if (state.ack >= ACK_SENT) return { to: 'sent', from: ['deferred'], fields: { reason: null } };
  return undefined;
};

/**
 * A campaign's message changed at the channel (a receipt raised its ack, or its send was deferred because the
 * channel is down): the row of that send follows, and the report's counters with it. A receipt that finds the row
 * still being settled is retried by the job's redelivery.
 */
export const noteSendState = async (
  companyId: number,
  number: string,
  messageId: string,
  state: { ack: number } | { deferred: string },
): Promise<void> => {
  const move = receiptMove(state);
  if (!move) return;
  const message = await findStoredMessage(companyId, messageId);
  // a deferral overtaken by the send going out (its job came late) is old news
  if ('deferred' in state && message?.sendState !== 'pending') return;
  for (const key of await rowsOfMessage(companyId, number, message)) {
    const row = await getShipping(companyId, key.campaignId, key.number);
    if (!row) continue;
    const campaignId = row.campaignId;
    // a delivery that came before the row was settled: the job's redelivery applies it (a send or a deferral met
    // there needs nothing, the row settles as sent and the next deferral comes again)
    if (row.status === 'sending' && move.to !== 'sent' && move.to !== 'deferred')
      throw new Error(`campaign ${campaignId} send to ${number} not settled yet`);
    if (!row.sentIds?.includes(messageId)) continue;
    // a read receipt keeps the moment the delivery was confirmed, when it was
    const fields = row.deliveredAt ? { ...move.fields, deliveredAt: undefined } : move.fields;
    const ofSend = { message: { id: messageId, of: 'sentIds' as const } };
    const moved = await moveShipping(row, move.from, move.to, fields, ofSend);
    if (!moved) return;
    await addStats(companyId, campaignId, statsMove(moved.was, move.to));
    // the send may have gone out between the check above and this move, its own receipt finding the row still
    // sent: the row is put back
    if (move.to === 'deferred' && (await findStoredMessage(companyId, messageId))?.sendState !== 'pending') {
      const back = receiptMove({ ack: ACK_SENT });
      if (back && (await moveShipping(row, back.from, back.to, back.fields, ofSend)))
        await addStats(companyId, campaignId, statsMove('deferred', 'sent'));
    }
    await finishIfDone(companyId, campaignId);
    return;
  }
};

/**
 * One of our messages failed at the channel (outbound sends after the campaign settled the row): when it was a
 * campaign's send to that number, its row becomes failed with the channel's reason, and the report shows it.
 */
export const noteSendFailure = async (companyId: number, number: string, messageId: string, error: string): Promise<void> => {
  const reason = error.replace(/^ERR_SENDING_WAPP_MSG:\s*/, '').slice(0, 300) || error;
  for (const key of await rowsOfMessage(companyId, number, await findStoredMessage(companyId, messageId))) {
    // the row may settle between the read and the note: then it is read again and failed as settled
    for (let attempt = 0; attempt < 3; attempt++) {
      const row = await getShipping(companyId, key.campaignId, key.number);
      if (row?.messageIds?.includes(messageId)) {
        if (await failSent(row, messageId, reason)) await finishIfDone(companyId, key.campaignId);
        break;
      }
      if (row?.status !== 'sending' || (await noteLateFailure(row, messageId, reason))) break;
    }
  }
};

/**
 * A campaign's send at the channel moves its row in the report: a receipt or a deferral of one of its messages finds
 * the row the message names, and a deferral that its send overtook leaves the row sent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestTable } from '../../../../test/table.ts';
import { ids } from '../../platform/clock.ts';
import { measureCapacity, table } from '../../platform/table/client.ts';
import { claimQueuedSend, findStoredMessage, queuedSendRef, settleQueuedSend } from '../messages/message-sends.service.ts';
import { messageIdOf, type MessageRecord } from '../messages/message.entity.ts';
import { insertMessage } from '../messages/messages.repository.ts';
import { noteSendState } from './campaign-receipts.service.ts';
import { CAMPAIGN_MARK, type ShippingRecord } from './campaign.entity.ts';
import { addStats, getStats } from './campaigns.repository.ts';
import { getShipping, moveShipping, planShipping } from './campaign-shipping.repository.ts';
import { messageOf } from '../../../../test/messages.ts';

const NUMBER = '5511977770001';
const TICKET = 41;

beforeAll(async () => {
  await useTestTable();
});

let nextCompany = 700;
const freshCompany = () => nextCompany++;

/** A campaign's message as its send records it (ack 0, queued), naming its row unless recorded before they did. */
const recordedSend = async (companyId: number, campaignSend?: MessageRecord['campaignSend']): Promise<MessageRecord> => {
  const ulid = ids.ulid();
  const at = new Date().toISOString();
  const record: MessageRecord = {
    ...messageOf({ id: messageIdOf(TICKET, ulid), ticketId: TICKET, body: `${CAMPAIGN_MARK}Olá` }, at),
    ulid,
    companyId,
    connectionId: 7,
    quotedMsgId: null,
    channelMessageId: null,
    sendState: 'pending',
    sendAttemptAt: null,
    ...(campaignSend ? { campaignSend } : {}),
  };
  await insertMessage(record);
  return record;
};

/** The number planned in the campaign; with `sent`, its send settled with that message, as the send job leaves it. */
const rowOf = async (companyId: number, campaignId: number, sent?: string): Promise<void> => {
  const row: ShippingRecord = {
    companyId,
    campaignId,
    run: 1,
    number: NUMBER,
    name: 'Dora',
    email: '',
    status: 'planned',
    message: null,
    confirmationMessage: null,
    dueAt: new Date().toISOString(),
    sentAt: null,
    deliveredAt: null,
    confirmationRequestedAt: null,
    confirmedAt: null,
    repliedAt: null,
    reason: null,
    sendingAt: null,
    contactId: null,
  };
  expect(await planShipping(row)).toBe(true);
  if (!sent) return;
  await moveShipping(row, ['planned'], 'sending', { sendingAt: new Date().toISOString() });
  expect(
    await moveShipping(row, ['sending'], 'sent', { sentAt: new Date().toISOString(), messageIds: [sent], sentIds: [sent] }),
  ).toBeDefined();
  await addStats(companyId, campaignId, { sent: 1 });
};

/** The send goes out: claimed and settled as the channel took it. */
const sendGoesOut = async (m: MessageRecord): Promise<void> => {
  const claimedAt = new Date().toISOString();
  const claimed = await claimQueuedSend(queuedSendRef(m.companyId, m.id)!, claimedAt);
  expect(
    await settleQueuedSend(
      claimed!,
      claimedAt,
      { sendState: 'sent', ack: 1, channelMessageId: `wamid.${m.ulid}`, error: null, updatedAt: new Date().toISOString() },
      {},
    ),
  ).toBeDefined();
};

describe('a receipt of a campaign message', () => {
  it('moves the row of the campaign the message was sent for, read by its key, whatever other campaigns the number was in', async () => {
    const cid = freshCompany();
    const message = await recordedSend(cid, { campaignId: 2, number: NUMBER });
    await rowOf(cid, 1);
    await rowOf(cid, 2, message.id);
    await rowOf(cid, 3);

    const { byKey } = await measureCapacity(() => noteSendState(cid, NUMBER, message.id, { ack: 2 }));

    expect(await getShipping(cid, 2, NUMBER)).toMatchObject({ status: 'delivered', deliveredAt: expect.any(String) });
    expect(await getStats(cid, 2)).toMatchObject({ sent: 0, delivered: 1 });
    for (const other of [1, 3]) expect(await getShipping(cid, other, NUMBER)).toMatchObject({ status: 'planned' });
    // no look-up of the number's campaigns, and one read of a shipping row (key shapes with their digits as #)
    expect(Object.keys(byKey).filter((k) => k.includes('CAMPNUM'))).toEqual([]);
    expect(byKey['GetItemCommand C###CAMP##']).toBe(1);
  });

  it('finds the row through the number’s campaigns for a message recorded before messages named their row', async () => {
    const cid = freshCompany();
    const message = await recordedSend(cid);
    await rowOf(cid, 1);
    await rowOf(cid, 2, message.id);

    await noteSendState(cid, NUMBER, message.id, { ack: 3 });

    expect(await getShipping(cid, 2, NUMBER)).toMatchObject({ status: 'read' });
    expect(await getStats(cid, 2)).toMatchObject({ sent: 0, delivered: 1, read: 1 });
    expect(await getShipping(cid, 1, NUMBER)).toMatchObject({ status: 'planned' });
  });
});

describe('a deferral of a campaign message', () => {
  it('shows the row deferred while its send waits for the channel', async () => {
    const cid = freshCompany();
    const message = await recordedSend(cid, { campaignId: 1, number: NUMBER });
    await rowOf(cid, 1, message.id);

    await noteSendState(cid, NUMBER, message.id, { deferred: 'ERR_WAPP_NOT_INITIALIZED' });

    expect(await getShipping(cid, 1, NUMBER)).toMatchObject({ status: 'deferred', reason: 'ERR_WAPP_NOT_INITIALIZED' });
    expect(await getStats(cid, 1)).toMatchObject({ sent: 0, deferred: 1 });
  });

  it('leaves the row sent when the send went out, and its receipt came, while the deferral was being recorded', async () => {
    const cid = freshCompany();
    const message = await recordedSend(cid, { campaignId: 1, number: NUMBER });
    await rowOf(cid, 1, message.id);

    // the deferral has seen its message still waiting; before it writes the row, the send goes out and the receipt
    // of its ack finds the row still sent, so it changes nothing
    let staged = false;
    const stack = table().middlewareStack;
    stack.add(
      (next) => async (args) => {
        const input = JSON.stringify(args.input);
        if (!staged && input.includes(`SHIP#${NUMBER}`) && input.includes('"deferred"') && input.includes('UpdateExpression')) {
          staged = true;
          await sendGoesOut(message);
          await noteSendState(cid, NUMBER, message.id, { ack: 1 });
        }
        return next(args);
      },
      { step: 'initialize', name: 'sendOvertakesDeferral' },
    );
    try {
      await noteSendState(cid, NUMBER, message.id, { deferred: 'ERR_WAPP_NOT_INITIALIZED' });
    } finally {
      stack.remove('sendOvertakesDeferral');
    }

    expect(staged).toBe(true);
    expect(await findStoredMessage(cid, message.id)).toMatchObject({ sendState: 'sent', ack: 1 });
    expect(await getShipping(cid, 1, NUMBER)).toMatchObject({ status: 'sent', reason: null });
    expect(await getStats(cid, 1)).toMatchObject({ sent: 1, deferred: 0 });
  });
});

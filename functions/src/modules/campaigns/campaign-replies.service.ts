/**
 * A customer's message, before the conversation engine answers it (campaign-replies listener): opt-outs,
 * confirmations of a campaign that asks for them, and replies that stop a send still ahead.
 */
import { clock } from '../../platform/clock.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import { announce, finishIfDone, SEND_JOB } from './campaign-run.service.ts';
import { campaignSettingsOf } from './campaign-settings.service.ts';
import { addStats, getCampaignRecord } from './campaigns.repository.ts';
import { campaignsOfNumber, getShipping, moveShipping, noteReply } from './campaign-shipping.repository.ts';
import { putOptOut } from './campaign-send-limits.repository.ts';

/** Server reference 6.4: the real message follows a confirmation 0 to 9 seconds later. */
const CONFIRMED_DELAY_MAX_S = 9;

const iso = () => clock().now().toISOString();

const normalise = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .trim()
    .toLowerCase();

/**
 * A customer's message, before the conversation engine answers it: an opt-out word records the number's opt-out;
 * a confirmation reply sends the campaign's message 0 to 9 s later (server reference 6.4); any other message of a
 * number whose send is still ahead stops it.
 */
export const noteCustomerMessage = async (companyId: number, number: string, body: string): Promise<void> => {
  if (!number) return;
  const settings = await campaignSettingsOf(companyId);
  const said = normalise(body);
  const word = settings.optOutWords.find((w) => normalise(w) === said);
  if (word) await putOptOut(companyId, number, iso(), word);
  for (const campaignId of await campaignsOfNumber(companyId, number)) {
    const r = await getCampaignRecord(companyId, campaignId);
    if (!r || r.status !== 'EM_ANDAMENTO') continue;
    const row = await getShipping(companyId, campaignId, number);
    if (!row) continue;
    if (row.status === 'awaitingConfirmation' && !word) {
      const at = iso();
      const confirmed = await moveShipping(
        row,
        ['awaitingConfirmation'],
        'queued',
        { confirmedAt: at, repliedAt: at, dueAt: at },
        { run: row.run },
      );
      if (!confirmed) continue;
      await addStats(companyId, campaignId, { confirmed: 1 });
      await enqueueJob(
        { type: SEND_JOB, companyId, campaignId, number, run: row.run },
        { delaySeconds: Math.floor(Math.random() * (CONFIRMED_DELAY_MAX_S + 1)) },
      );
      await announce(r);
    } else if (row.status === 'awaitingConfirmation' && word) {
      const moved = await moveShipping(
        row,
        ['awaitingConfirmation'],
        'skipped',
        { reason: 'optedOut', repliedAt: iso() },
        { run: row.run },
      );
      if (moved) await addStats(companyId, campaignId, { skipped: 1 });
      await finishIfDone(companyId, campaignId);
    } else if (row.status === 'planned' || row.status === 'queued') {
      await noteReply(companyId, campaignId, number, iso());
    }
  }
};

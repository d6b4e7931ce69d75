/**
 * Campaigns of a company, their settings, their shipping rows and the markers their sends rely on.
 *
 * Items and access patterns (cid = company id, padId = zero-padded campaign id):
 * - campaign: pk C#<cid>, sk CAMP#<padId>, type 'campaign': the contract's stored fields plus searchText, run
 *   (bumped by every start and restart: jobs of an earlier run find nothing to do) and rev (writes conditioned on it).
 *   - one by id; the company's campaigns newest first: Query pk, begins_with(sk, 'CAMP#'), descending.
 * - stats: pk C#<cid>, sk CAMPSTAT#<padId>: counters updated with ADD (valid, delivered, failed, ...), and
 *   `prepared` once every recipient has a shipping row.
 * - send slot: pk C#<cid>, sk CAMPSLOT#<padId>, `at`: when the campaign's last send was taken (conditional writes).
 * - settings: pk C#<cid>, sk CAMPSETTINGS: the company's campaign settings.
 * - shipping: pk C#<cid>#CAMP#<padId>, sk SHIP#<number>, type 'campaignShipping': one per (campaign, number), so a
 *   number is planned and sent once; its status moves by conditional writes only (planned -> queued -> sending ->
 *   sent | awaitingConfirmation | failed | skipped); then the receipts of its send's messages (sentIds) move it
 *   forward only: sent | deferred -> delivered -> read, sent <-> deferred while the channel is down; a send the
 *   channel refuses after the row was settled (outbound is asynchronous) moves it to failed, matched by messageIds.
 *   - the report's rows: Query pk in sk order.
 *   - the rows waiting to be released to the jobs queue, soonest first: gsi1pk C#<cid>#CAMPDUE#<padId>#<run>,
 *     gsi1sk <dueAt>#<number>; present only while planned (sparse).
 * - number marker: pk C#<cid>#CAMPNUM#<number>, sk CAMP#<padId> (expires 60 days on): the campaigns a number was
 *   planned in, so a customer's message finds its shipping rows with one Query.
 * - opt-out: pk C#<cid>, sk OPTOUT#<number>: the number asked for no more campaigns.
 * - daily sends: pk C#<cid>, sk CAMPDAY#<connectionId>#<yyyy-MM-dd>, n (ADD, conditioned on the cap), expiresAt.
 * - ids: counter item from nextId(C#<cid>, 'campaign').
 */
import type { Campaign, CampaignShipping, CampaignStats, ShippingStatus } from '@switchboard/shared/contracts/campaigns';
import { isPhoneChannel, phoneDigits, type Contact } from '@switchboard/shared/contracts/contacts';
import { companyPk, padId } from '../../platform/table/keys.ts';

/** The address a campaign knows a contact by: a phone channel's digits, a page's id as it is. */
export const campaignAddressOf = (contact: Pick<Contact, 'channel' | 'number'>): string =>
  isPhoneChannel(contact.channel) ? phoneDigits(contact.number) : contact.number;

export type CampaignRecord = Omit<Campaign, 'mediaUrl' | 'stats' | 'editable'> & {
  searchText: string;
  run: number;
  rev: number;
  /** when the connection's cap counting started (its first campaign day), for the warm-up */
  startedAt: string | null;
  /** the attachment's MIME type, as uploaded */
  mediaType?: string | null;
  /** the approved template's texts when it was chosen, so the conversation shows what each customer read */
  templateText?: { header: string; body: string } | null;
};

export type StatsRecord = CampaignStats & { prepared: boolean };

export type ShippingRecord = CampaignShipping & {
  companyId: number;
  campaignId: number;
  status: ShippingStatus;
  /** the run that planned it: a job of another run leaves it alone */
  run: number;
  sendingAt: string | null;
  /** the recipient's contact, once found or created for the send */
  contactId: number | null;
  email: string;
  /** our messages the send recorded: a failure the channel reports later is matched to the row by them */
  messageIds?: string[];
  /** the messages of the row's last send (not its confirmation request): their receipts move the row */
  sentIds?: string[];
  /** a failure of one of its messages reported while the row was still being settled (sending) */
  lateFailure?: { messageId: string; reason: string } | null;
};

export const CAMPAIGN_SK_PREFIX = 'CAMP#';
/** U+200C marks campaign text (server reference, conventions): the echo of it is known as a campaign's. */
export const CAMPAIGN_MARK = '\u200c';

/** The job that records a campaign send the channel refused after the campaign settled it (campaign-sends.listener.ts). */
export const SEND_FAILED_JOB = 'campaigns.send-failed';
/** The job that moves a campaign send by its message's receipt (ack) or deferral (campaign-sends.listener.ts). */
export const SEND_STATE_JOB = 'campaigns.send-state';

export const campaignKey = (companyId: number, id: number) => ({
  pk: companyPk(companyId),
  sk: `${CAMPAIGN_SK_PREFIX}${padId(id)}`,
});
export const statsKey = (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `CAMPSTAT#${padId(id)}` });
/** The campaign's send slot: the moment its last send was taken (one send per campaign at a time). */
export const sendSlotKey = (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `CAMPSLOT#${padId(id)}` });
export const settingsKey = (companyId: number) => ({ pk: companyPk(companyId), sk: 'CAMPSETTINGS' });
export const shippingPk = (companyId: number, campaignId: number) => `${companyPk(companyId)}#CAMP#${padId(campaignId)}`;
export const shippingKey = (companyId: number, campaignId: number, number: string) => ({
  pk: shippingPk(companyId, campaignId),
  sk: `SHIP#${number}`,
});
export const dueIndex = (companyId: number, campaignId: number, run: number, dueAt: string, number: string) => ({
  gsi1pk: `${companyPk(companyId)}#CAMPDUE#${padId(campaignId)}#${run}`,
  gsi1sk: `${dueAt}#${number}`,
});
export const numberMarkerKey = (companyId: number, number: string, campaignId: number) => ({
  pk: `${companyPk(companyId)}#CAMPNUM#${number}`,
  sk: `${CAMPAIGN_SK_PREFIX}${padId(campaignId)}`,
});
export const optOutKey = (companyId: number, number: string) => ({ pk: companyPk(companyId), sk: `OPTOUT#${number}` });
export const dailySendsKey = (companyId: number, connectionId: number, day: string) => ({
  pk: companyPk(companyId),
  sk: `CAMPDAY#${connectionId}#${day}`,
});

export const campaignSearchText = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Scheduler schedule names: the start of a campaign, and the next release of its due sends. */
export const startJobName = (companyId: number, id: number): string => `campaign-${companyId}-${id}-start`;
export const releaseJobName = (companyId: number, id: number): string => `campaign-${companyId}-${id}-release`;

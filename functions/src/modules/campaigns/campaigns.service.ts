/**
 * Campaigns: the list, the dialog's create and update, delete, media, cancel and restart (spec document 3
 * "Campaigns list", "Campaign dialog", section 4 "Campaign status"; server reference 6.1). The sending itself is
 * campaign-dispatch.service.ts.
 */
import { traitsOf } from '@switchboard/shared/channel-traits';
import {
  CAMPAIGN_SHIPPING_PAGE_SIZE,
  CAMPAIGNS_PAGE_SIZE,
  confirmationFields,
  messageFields,
  type Campaign,
  type CampaignBody,
  type CampaignShipping,
} from '@switchboard/shared/contracts/campaigns';
import { campaignChannelIssue } from '@switchboard/shared/campaign-channels';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { decodeCursor, encodeCursor } from '../../platform/table/cursor.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { requireConnection } from '../connections/connections.service.ts';
import { templatesOf } from '../connections/graph-connections.service.ts';
import { findContactListSummary } from '../contact-lists/contact-lists.service.ts';
import { findQueue } from '../queues/queues.service.ts';
import { getTag } from '../tag-records/tag-records.service.ts';
import { findUser } from '../user-records/user-lookup.service.ts';
import { armStart, disarm, restartRun } from './campaign-dispatch.service.ts';
import { changeCampaign } from './campaign-run.service.ts';
import { editableOf, toCampaign } from './campaign-presentation.ts';
import { campaignSearchText, shippingPk, type CampaignRecord, type ShippingRecord } from './campaign.entity.ts';
import {
  CampaignChanged,
  deleteCampaignRecord,
  getCampaignRecord,
  insertCampaign,
  queryCampaigns,
} from './campaigns.repository.ts';
import { queryShipping } from './campaign-shipping.repository.ts';
import { companyMediaKey } from '../../platform/ports/media-keys.ts';

const now = () => clock().now().toISOString();

const notFound = () => new AppError('ERR_NOT_FOUND', 'Unknown campaign');
const invalidField = (path: string, message: string) => new AppError('ERR_VALIDATION', message, { fields: [{ path, message }] });

const requireCampaign = async (companyId: number, id: number): Promise<CampaignRecord> => {
  const found = await getCampaignRecord(companyId, id);
  if (!found) throw notFound();
  return found;
};

/** The template must be one of the number's approved templates, with a text for each of its placeholders. */
const requireApprovedTemplate = async (
  companyId: number,
  connectionId: number,
  t: NonNullable<CampaignBody['template']>,
): Promise<{ header: string; body: string }> => {
  const found = (await templatesOf(companyId, connectionId)).find((x) => x.name === t.name && x.language === t.language);
  if (!found) throw invalidField('body.template', 'No approved template with this name and language');
  if (
    t.params.length !== found.paramCount ||
    t.headerParams.length !== found.headerParamCount ||
    [...t.params, ...t.headerParams].some((p) => !p.trim())
  ) {
    throw invalidField('body.template', 'Fill every placeholder of the template');
  }
  return { header: found.header, body: found.body };
};

/** The dialog's references, all of the caller's company: another company's record answers 404. */
const resolveFields = async (auth: AuthContext, body: CampaignBody) => {
  const connection = await requireConnection(auth.companyId, body.whatsappId);
  const contactList = body.contactListId ? await findContactListSummary(auth.companyId, body.contactListId) : undefined;
  if (body.contactListId && !contactList) throw new AppError('ERR_NOT_FOUND', 'Unknown contact list');
  const tag = body.tagListId ? await getTag(auth.companyId, body.tagListId) : undefined;
  if (body.tagListId && !tag) throw new AppError('ERR_NOT_FOUND', 'Unknown tag');
  const user = body.userId ? await findUser(auth.companyId, body.userId) : undefined;
  if (body.userId && !user) throw new AppError('ERR_NO_USER_FOUND');
  const queue = body.queueId ? await findQueue(auth.companyId, body.queueId) : undefined;
  if (body.queueId && !queue) throw invalidField('body.queueId', 'Unknown queue');
  // after the references: another company's record answers 404 before the channel is judged
  const refused = campaignChannelIssue(connection.channel, body);
  if (refused) throw invalidField(`body.${refused.field}`, refused.message);
  if (body.template && !traitsOf(connection.channel).templates)
    throw invalidField('body.template', 'Templates are sent on WhatsApp Cloud API connections only');
  const templateText = body.template ? await requireApprovedTemplate(auth.companyId, connection.id, body.template) : null;
  const messages = Object.fromEntries([...messageFields, ...confirmationFields].map((f) => [f, body[f]])) as Pick<
    CampaignRecord,
    (typeof messageFields)[number] | (typeof confirmationFields)[number]
  >;
  return {
    name: body.name,
    confirmation: body.confirmation,
    scheduledAt: body.scheduledAt ? new Date(body.scheduledAt).toISOString() : null,
    ...messages,
    contactListId: contactList?.id ?? null,
    contactList: contactList ? { id: contactList.id, name: contactList.name } : null,
    tagListId: tag?.id ?? null,
    tagList: tag ? { id: tag.id, name: tag.name } : null,
    whatsappId: connection.id,
    whatsapp: { id: connection.id, name: connection.name, channel: connection.channel },
    userId: user?.id ?? null,
    queueId: queue?.id ?? null,
    openTicket: body.openTicket,
    statusTicket: body.statusTicket,
    template: body.template,
    templateText,
    searchText: campaignSearchText(body.name),
  };
};

/** GET /campaigns: 20 per page, newest first, searched by name. */
export const listCampaigns = async (auth: AuthContext, q: { searchParam?: string; pageNumber: number }) => {
  const words = campaignSearchText(q.searchParam ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5);
  const page = await queryCampaigns(auth.companyId, {
    words,
    skip: (q.pageNumber - 1) * CAMPAIGNS_PAGE_SIZE,
    take: CAMPAIGNS_PAGE_SIZE,
  });
  return { records: await Promise.all(page.records.map(toCampaign)), hasMore: page.hasMore };
};

const toShipping = (r: ShippingRecord): CampaignShipping => ({
  number: r.number,
  name: r.name,
  status: r.status,
  message: r.message ?? null,
  confirmationMessage: r.confirmationMessage ?? null,
  dueAt: r.dueAt ?? null,
  sentAt: r.sentAt ?? null,
  deliveredAt: r.deliveredAt ?? null,
  confirmationRequestedAt: r.confirmationRequestedAt ?? null,
  confirmedAt: r.confirmedAt ?? null,
  repliedAt: r.repliedAt ?? null,
  reason: r.reason ?? null,
});

/** A shipping page resumes at a row of this campaign's partition: the cursor carries the row's sort key only. */
const isShippingCursor = (v: unknown): v is { sk: string } =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { sk?: unknown }).sk === 'string' &&
  (v as { sk: string }).sk.startsWith('SHIP#');

/** GET /campaigns/{id}/shipping: the report's rows, a page at a time (only the failed, deferred and skipped with `problems`). */
export const listShipping = async (auth: AuthContext, id: number, q: { cursor?: string; problems?: 'true' | 'false' }) => {
  await requireCampaign(auth.companyId, id);
  const problems = q.problems === 'true';
  const scope = { list: 'campaigns.shipping', companyId: auth.companyId, filters: { campaignId: id, problems } };
  const from = await decodeCursor(q.cursor, scope, isShippingCursor);
  const start = from ? { pk: shippingPk(auth.companyId, id), sk: from.sk } : undefined;
  const page = await queryShipping(auth.companyId, id, { start, limit: CAMPAIGN_SHIPPING_PAGE_SIZE, problems });
  return {
    shipping: page.rows.map(toShipping),
    nextCursor: page.next ? await encodeCursor({ sk: page.next.sk }, scope) : null,
    hasMore: page.next !== undefined,
  };
};

/** GET /campaigns/{id}: the campaign, its counts and its first shipping rows (server reference 6.5). */
export const showCampaign = async (auth: AuthContext, id: number) => {
  const campaign = await toCampaign(await requireCampaign(auth.companyId, id));
  const page = await queryShipping(auth.companyId, id, { limit: CAMPAIGN_SHIPPING_PAGE_SIZE, problems: false });
  return { ...campaign, shipping: page.rows.map(toShipping), hasMoreShipping: page.next !== undefined };
};

/** POST /campaigns: INATIVA, or PROGRAMADA and armed when it has a date (server reference 6.1). */
export const createCampaign = async (auth: AuthContext, body: CampaignBody): Promise<Campaign> => {
  const fields = await resolveFields(auth, body);
  const at = now();
  const record: CampaignRecord = {
    id: await nextId(companyPk(auth.companyId), 'campaign'),
    companyId: auth.companyId,
    ...fields,
    status: fields.scheduledAt ? 'PROGRAMADA' : 'INATIVA',
    completedAt: null,
    mediaPath: null,
    mediaName: null,
    run: 0,
    rev: 1,
    startedAt: null,
    createdAt: at,
    updatedAt: at,
  };
  await insertCampaign(record);
  if (record.status === 'PROGRAMADA') await armStart(record);
  const campaign = await toCampaign(record);
  await domainEvents.emit({ name: 'campaign.created', companyId: auth.companyId, campaign });
  return campaign;
};

/**
 * PUT /campaigns/{id}: every field while editable (a date makes it PROGRAMADA and re-arms it, no date INATIVA);
 * a cancelled campaign takes its messages only; otherwise ERR_CAMPAIGN_NOT_EDITABLE.
 */
export const updateCampaign = async (auth: AuthContext, id: number, body: CampaignBody): Promise<Campaign> => {
  const current = await requireCampaign(auth.companyId, id);
  const mode = editableOf(current);
  if (mode === 'none') throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 'The campaign can no longer be edited');
  const fields = mode === 'all' ? await resolveFields(auth, body) : undefined;
  const changed = await changeCampaign(auth.companyId, id, (r) => {
    const m = editableOf(r);
    if (m === 'none' || (m === 'messages') !== (mode === 'messages'))
      throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 'The campaign can no longer be edited');
    if (m === 'messages') {
      const messages = Object.fromEntries([...messageFields, ...confirmationFields].map((f) => [f, body[f]]));
      if (!r.template && messageFields.every((f) => !String(messages[f]).trim())) throw invalidField('body.message1', 'Required');
      return { ...r, ...messages, updatedAt: now() };
    }
    return { ...r, ...fields!, status: fields!.scheduledAt ? 'PROGRAMADA' : 'INATIVA', updatedAt: now() };
  });
  const record = changed!.after;
  if (record.status === 'PROGRAMADA') await armStart(record);
  else if (mode === 'all') await disarm(record);
  const campaign = await toCampaign(record);
  await domainEvents.emit({ name: 'campaign.updated', companyId: auth.companyId, campaign });
  return campaign;
};

/** DELETE /campaigns/{id}: refused while running (server reference 6.1); its pending start is cancelled. */
export const deleteCampaign = async (auth: AuthContext, id: number): Promise<{ ok: true }> => {
  for (let attempt = 0; attempt < 5; attempt++) {
    const r = await requireCampaign(auth.companyId, id);
    if (r.status === 'EM_ANDAMENTO')
      throw new AppError('ERR_CAMPAIGN_INVALID_STATUS', 'A running campaign cannot be deleted; cancel it first');
    try {
      await deleteCampaignRecord(r);
    } catch (error) {
      if (error instanceof CampaignChanged) continue;
      throw error;
    }
    await disarm(r);
    await domainEvents.emit({ name: 'campaign.deleted', companyId: auth.companyId, campaignId: id });
    return { ok: true };
  }
  throw new AppError('ERR_INTERNAL', 'The campaign is changing too fast, try again');
};

/** POST /campaigns/{id}/cancel: EM_ANDAMENTO (or PROGRAMADA) becomes CANCELADA; jobs of its run then find nothing to send. */
export const cancelCampaign = async (auth: AuthContext, id: number): Promise<Campaign> => {
  await requireCampaign(auth.companyId, id);
  const changed = await changeCampaign(auth.companyId, id, (r) => {
    if (r.status !== 'EM_ANDAMENTO' && r.status !== 'PROGRAMADA')
      throw new AppError('ERR_CAMPAIGN_INVALID_STATUS', 'Only a running or scheduled campaign can be cancelled');
    return { ...r, status: 'CANCELADA', updatedAt: now() };
  });
  await disarm(changed!.after);
  const campaign = await toCampaign(changed!.after);
  await domainEvents.emit({ name: 'campaign.updated', companyId: auth.companyId, campaign });
  return campaign;
};

/** POST /campaigns/{id}/restart: CANCELADA becomes EM_ANDAMENTO in a new run, planning what was not sent from now. */
export const restartCampaign = async (auth: AuthContext, id: number): Promise<Campaign> => {
  await requireCampaign(auth.companyId, id);
  const changed = await changeCampaign(auth.companyId, id, (r) => {
    if (r.status !== 'CANCELADA') throw new AppError('ERR_CAMPAIGN_INVALID_STATUS', 'Only a cancelled campaign can be restarted');
    return { ...r, status: 'EM_ANDAMENTO', run: r.run + 1, startedAt: r.startedAt ?? now(), updatedAt: now() };
  });
  await restartRun(changed!.after);
  const campaign = await toCampaign(changed!.after);
  await domainEvents.emit({ name: 'campaign.updated', companyId: auth.companyId, campaign });
  return campaign;
};

/** POST /campaigns/{id}/media-upload: where the browser uploads the attachment; its name with spaces as underscores (spec section 5). */
export const uploadCampaignMedia = async (
  auth: AuthContext,
  id: number,
  file: { name: string; mimeType: string; size: number },
) => {
  const r = await requireCampaign(auth.companyId, id);
  if (editableOf(r) !== 'all') throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 'The campaign can no longer be edited');
  const name = file.name.replace(/\s+/g, '_');
  const key = companyMediaKey(auth.companyId, `campaign${id}`, name);
  const target = await blobStore().uploadUrl(key, { mimeType: file.mimeType, size: file.size });
  const changed = await changeCampaign(auth.companyId, id, (c) => ({
    ...c,
    mediaPath: key,
    mediaName: name,
    mediaType: file.mimeType,
    updatedAt: now(),
  }));
  const campaign = await toCampaign(changed!.after);
  await domainEvents.emit({ name: 'campaign.updated', companyId: auth.companyId, campaign });
  return { campaign, uploadUrl: target.url, headers: target.headers };
};

/** DELETE /campaigns/{id}/media-upload: the campaign goes without an attachment. */
export const removeCampaignMedia = async (auth: AuthContext, id: number): Promise<Campaign> => {
  const r = await requireCampaign(auth.companyId, id);
  if (editableOf(r) !== 'all') throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 'The campaign can no longer be edited');
  const changed = await changeCampaign(auth.companyId, id, (c) =>
    c.mediaPath ? { ...c, mediaPath: null, mediaName: null, updatedAt: now() } : undefined,
  );
  const campaign = await toCampaign(changed?.after ?? r);
  if (changed) await domainEvents.emit({ name: 'campaign.updated', companyId: auth.companyId, campaign });
  return campaign;
};

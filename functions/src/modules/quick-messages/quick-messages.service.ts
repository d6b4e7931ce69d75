/**
 * Quick replies: texts (with an optional attachment) an agent inserts in a conversation by typing '/' and a
 * shortcode. Spec document 3 "Quick replies", sections 4 to 7; document 1 "Quick message (as used in the input)".
 * A reply belongs to the user who made it; shared (geral) replies are usable and editable by everyone, others'
 * unshared replies are read-only and left out of the picker.
 */
import {
  QUICK_MESSAGE_API_PAGE_SIZE,
  QUICK_MESSAGE_PICKER_LIMIT,
  type CreateQuickMessageBody,
  type QuickMessage,
  type UpdateQuickMessageBody,
} from '@switchboard/shared/contracts/quick-messages';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { quickMessageMediaPrefix, type QuickMessageRecord } from './quick-message.entity.ts';
import {
  deleteQuickMessage as deleteRecord,
  getQuickMessage,
  insertQuickMessage,
  queryQuickMessages,
  replaceQuickMessage,
  shortcodeTaken,
} from './quick-messages.repository.ts';
import { storedFileName } from '../../platform/ports/media-keys.ts';

const now = () => clock().now().toISOString();

const present = async (r: QuickMessageRecord): Promise<QuickMessage> => {
  const { companyId: _c, rev: _r, ...rest } = r;
  return { ...rest, mediaUrl: r.isMedia && r.mediaPath ? await blobStore().downloadUrl(r.mediaPath) : null };
};

/** Another company's reply, or an unknown id, is simply not found. */
const requireQuickMessage = async (auth: AuthContext, id: number): Promise<QuickMessageRecord> => {
  const record = await getQuickMessage(auth.companyId, id);
  if (!record) throw new AppError('ERR_NOT_FOUND');
  return record;
};

/** A reply another user made and did not share is read-only for everybody else. */
export const canEditQuickMessage = (
  auth: Pick<AuthContext, 'userId'>,
  r: Pick<QuickMessageRecord, 'userId' | 'geral'>,
): boolean => r.userId === auth.userId || r.geral;

const requireEditable = async (auth: AuthContext, id: number): Promise<QuickMessageRecord> => {
  const record = await requireQuickMessage(auth, id);
  if (!canEditQuickMessage(auth, record))
    throw new AppError('ERR_NO_PERMISSION', 'Another user made this quick reply and did not share it');
  return record;
};

const duplicate = () =>
  new AppError('ERR_DUPLICATED_SHORTCODE', 'The company has a quick reply with this shortcode', {
    fields: [{ path: 'body.shortcode', message: 'ERR_DUPLICATED_SHORTCODE' }],
  });

/** GET /quick-messages: the company's replies in shortcode order, searched by shortcode prefix, by page number. */
export const listQuickMessages = async (auth: AuthContext, query: { searchParam?: string; pageNumber: number }) => {
  const page = await queryQuickMessages(auth.companyId, {
    prefix: query.searchParam,
    skip: (query.pageNumber - 1) * QUICK_MESSAGE_API_PAGE_SIZE,
    take: QUICK_MESSAGE_API_PAGE_SIZE,
  });
  return { records: await Promise.all(page.records.map(present)), hasMore: page.hasMore };
};

/** GET /quick-messages/list: what the picker offers: the caller's own replies and the shared active ones. */
export const pickerQuickMessages = async (auth: AuthContext, query: { shortcode?: string }): Promise<QuickMessage[]> => {
  const page = await queryQuickMessages(auth.companyId, {
    prefix: query.shortcode,
    skip: 0,
    take: QUICK_MESSAGE_PICKER_LIMIT,
    visibleTo: auth.userId,
  });
  return Promise.all(page.records.map(present));
};

export const showQuickMessage = async (auth: AuthContext, id: number): Promise<QuickMessage> =>
  present(await requireQuickMessage(auth, id));

export const createQuickMessage = async (auth: AuthContext, body: CreateQuickMessageBody): Promise<QuickMessage> => {
  if (await shortcodeTaken(auth.companyId, body.shortcode)) throw duplicate();
  const at = now();
  const record: QuickMessageRecord = {
    id: await nextId(companyPk(auth.companyId), 'quickMessage'),
    companyId: auth.companyId,
    shortcode: body.shortcode,
    message: body.message,
    geral: body.geral,
    visao: body.visao,
    userId: auth.userId,
    isMedia: false,
    mediaPath: null,
    mediaName: null,
    mediaType: null,
    createdAt: at,
    updatedAt: at,
    rev: 1,
  };
  if ((await insertQuickMessage(record)) === 'duplicate') throw duplicate();
  const out = await present(record);
  await domainEvents.emit({ name: 'quickMessage.created', companyId: auth.companyId, quickMessage: out });
  return out;
};

const save = async (
  auth: AuthContext,
  before: QuickMessageRecord,
  changes: Partial<QuickMessageRecord>,
): Promise<QuickMessage> => {
  const after: QuickMessageRecord = { ...before, ...changes, updatedAt: now(), rev: before.rev + 1 };
  const result = await replaceQuickMessage(before, after);
  if (result === 'duplicate') throw duplicate();
  if (result === 'stale') throw new AppError('ERR_VALIDATION', 'The quick reply changed meanwhile; reload and try again');
  const out = await present(after);
  await domainEvents.emit({ name: 'quickMessage.updated', companyId: auth.companyId, quickMessage: out });
  return out;
};

export const updateQuickMessage = async (auth: AuthContext, id: number, body: UpdateQuickMessageBody): Promise<QuickMessage> => {
  const before = await requireEditable(auth, id);
  return save(auth, before, { shortcode: body.shortcode, message: body.message, geral: body.geral, visao: body.visao });
};

export const deleteQuickMessage = async (auth: AuthContext, id: number): Promise<{ ok: true }> => {
  const record = await requireEditable(auth, id);
  if ((await deleteRecord(record)) === 'stale')
    throw new AppError('ERR_VALIDATION', 'The quick reply changed meanwhile; reload and try again');
  await domainEvents.emit({ name: 'quickMessage.deleted', companyId: auth.companyId, quickMessageId: id });
  return { ok: true };
};

/**
 * POST /quick-messages/{id}/media-upload. The HTTP API carries JSON only (and Lambda payloads are small), so
 * the file goes where message attachments go: straight to the blob store through the signed upload address
 * answered here. The reply points at the new file at once; its mediaUrl serves the file once the upload ends.
 * A replaced file stays in the store, unreferenced.
 */
export const attachQuickMessageMedia = async (
  auth: AuthContext,
  id: number,
  file: { name: string; mimeType: string; size: number },
) => {
  const before = await requireEditable(auth, id);
  const key = `${quickMessageMediaPrefix(auth.companyId, id)}${storedFileName(file.name)}`;
  const target = await blobStore().uploadUrl(key, { mimeType: file.mimeType, size: file.size });
  const quickMessage = await save(auth, before, {
    isMedia: true,
    mediaPath: key,
    mediaName: file.name,
    mediaType: file.mimeType,
  });
  return { quickMessage, uploadUrl: target.url, headers: target.headers };
};

/** DELETE /quick-messages/{id}/media-upload: the reply keeps its text and loses its attachment. */
export const removeQuickMessageMedia = async (auth: AuthContext, id: number): Promise<QuickMessage> => {
  const before = await requireEditable(auth, id);
  return save(auth, before, { isMedia: false, mediaPath: null, mediaName: null, mediaType: null });
};

/**
 * File lists: named lists of files a queue (`fileListId`) or a chatbot option (`optFileId`) sends to a customer one
 * by one, each with its name as caption (server reference 8.6). Files go to the blob store through signed upload
 * addresses, as message attachments do: the allow-list of media-types.ts decides what is accepted, and the store
 * serves every file with nosniff, a sandbox CSP and as an attachment unless it is plain media.
 */
import {
  FILE_LIST_API_PAGE_SIZE,
  FILE_LIST_PICKER_LIMIT,
  type FileList,
  type FileListBody,
} from '@switchboard/shared/contracts/files';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { fileListMediaPrefix, type FileListRecord, type FileOptionRecord } from './file-list.entity.ts';
import {
  deleteFileListRecord,
  getFileList,
  getFileLists,
  insertFileList,
  queryFileLists,
  replaceFileList,
} from './files.repository.ts';
import { storedFileName } from '../../platform/ports/media-keys.ts';

const now = () => clock().now().toISOString();

const present = async (r: FileListRecord): Promise<FileList> => ({
  id: r.id,
  name: r.name,
  message: r.message,
  options: await Promise.all(
    r.options.map(async (o) => ({
      id: o.id,
      name: o.name,
      fileName: o.fileName,
      mediaType: o.mediaType,
      url: o.path ? await blobStore().downloadUrl(o.path) : null,
    })),
  ),
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

const stale = () => new AppError('ERR_VALIDATION', 'The file list changed meanwhile; reload and try again');

/** Another company's list, or an unknown id, is simply not found. */
const requireFileList = async (auth: AuthContext, id: number): Promise<FileListRecord> => {
  const record = await getFileList(auth.companyId, id);
  if (!record) throw new AppError('ERR_NOT_FOUND');
  return record;
};

/** The ids among `ids` that are file lists of the company (queues and chatbot options check their targets). */
/** The uploaded files of a list, in the list's order, for the conversation engine to send. */
export const uploadedFilesOf = async (
  companyId: number,
  id: number,
): Promise<{ key: string; name: string; mimeType: string }[]> =>
  ((await getFileList(companyId, id))?.options ?? []).flatMap((o) =>
    o.path ? [{ key: o.path, name: o.fileName ?? o.name, mimeType: o.mediaType ?? 'application/octet-stream' }] : [],
  );

export const existingFileListIds = async (companyId: number, ids: number[]): Promise<Set<number>> =>
  new Set((await getFileLists(companyId, ids)).map((r) => r.id));

/** GET /files: the company's lists in name order, searched by name prefix, by page number. */
export const listFileLists = async (auth: AuthContext, query: { searchParam?: string; pageNumber: number }) => {
  const page = await queryFileLists(auth.companyId, {
    prefix: query.searchParam,
    skip: (query.pageNumber - 1) * FILE_LIST_API_PAGE_SIZE,
    take: FILE_LIST_API_PAGE_SIZE,
  });
  return { files: await Promise.all(page.records.map(present)), hasMore: page.hasMore };
};

/** GET /files/list: names for the pickers of the queue dialog. */
export const fileListSummaries = async (auth: AuthContext): Promise<{ id: number; name: string }[]> =>
  (await queryFileLists(auth.companyId, { skip: 0, take: FILE_LIST_PICKER_LIMIT })).records.map((r) => ({
    id: r.id,
    name: r.name,
  }));

export const showFileList = async (auth: AuthContext, id: number): Promise<FileList> => present(await requireFileList(auth, id));

/** Options named in the body: known ids keep their file, the others are new and get the next ids. */
const optionsOf = (
  before: Pick<FileListRecord, 'options' | 'optionSeq'>,
  body: FileListBody,
): { options: FileOptionRecord[]; optionSeq: number } => {
  const known = new Map(before.options.map((o) => [o.id, o]));
  const used = new Set<number>();
  let seq = before.optionSeq;
  const options = body.options.map((o) => {
    const kept = o.id !== undefined && !used.has(o.id) ? known.get(o.id) : undefined;
    if (kept) {
      used.add(kept.id);
      return { ...kept, name: o.name };
    }
    return { id: ++seq, name: o.name, path: null, fileName: null, mediaType: null };
  });
  return { options, optionSeq: seq };
};

export const createFileList = async (auth: AuthContext, body: FileListBody): Promise<FileList> => {
  const at = now();
  const { options, optionSeq } = optionsOf({ options: [], optionSeq: 0 }, body);
  const record: FileListRecord = {
    id: await nextId(companyPk(auth.companyId), 'fileList'),
    companyId: auth.companyId,
    name: body.name,
    message: body.message,
    options,
    optionSeq,
    createdAt: at,
    updatedAt: at,
    rev: 1,
  };
  await insertFileList(record);
  const out = await present(record);
  await domainEvents.emit({ name: 'fileList.created', companyId: auth.companyId, fileList: out });
  return out;
};

const save = async (auth: AuthContext, before: FileListRecord, changes: Partial<FileListRecord>): Promise<FileList> => {
  const after: FileListRecord = { ...before, ...changes, updatedAt: now(), rev: before.rev + 1 };
  if ((await replaceFileList(before, after)) === 'stale') throw stale();
  const out = await present(after);
  await domainEvents.emit({ name: 'fileList.updated', companyId: auth.companyId, fileList: out });
  return out;
};

export const updateFileList = async (auth: AuthContext, id: number, body: FileListBody): Promise<FileList> => {
  const before = await requireFileList(auth, id);
  return save(auth, before, { name: body.name, message: body.message, ...optionsOf(before, body) });
};

/**
 * DELETE /files/{id}. Queues and options that named the list keep the id and send nothing from then on, as the
 * engine finds no list; ids are never reused, so they never point at another list.
 */
export const deleteFileList = async (auth: AuthContext, id: number): Promise<{ ok: true }> => {
  const record = await requireFileList(auth, id);
  if ((await deleteFileListRecord(record)) === 'stale') throw stale();
  await domainEvents.emit({ name: 'fileList.deleted', companyId: auth.companyId, fileListId: id });
  return { ok: true };
};

/**
 * POST /files/{id}/upload: the option's file. The API records it on the option and hands out a signed address;
 * the bytes go there directly. A replaced file stays in the store, unreferenced.
 */
export const uploadFileListOption = async (
  auth: AuthContext,
  id: number,
  file: { optionId: number; name: string; mimeType: string; size: number },
) => {
  const before = await requireFileList(auth, id);
  const option = before.options.find((o) => o.id === file.optionId);
  if (!option) throw new AppError('ERR_NOT_FOUND', 'The list has no such option');
  const key = `${fileListMediaPrefix(auth.companyId, id)}${storedFileName(file.name)}`;
  const target = await blobStore().uploadUrl(key, { mimeType: file.mimeType, size: file.size });
  const options = before.options.map((o) =>
    o.id === option.id ? { ...o, path: key, fileName: file.name, mediaType: file.mimeType } : o,
  );
  const fileList = await save(auth, before, { options });
  return { fileList, uploadUrl: target.url, headers: target.headers };
};

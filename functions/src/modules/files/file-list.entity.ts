/**
 * File lists of a company (server reference 8.6): a named list of files that a queue or a chatbot option sends.
 *
 * Items and access patterns (cid = company id):
 * - file list: pk C#<cid>, sk FILELIST#<padId>, type 'fileList': id, name, message, options (at most
 *   FILE_LIST_MAX_OPTIONS, each { id, name, path, fileName, mediaType }), optionSeq, timestamps, rev.
 *   - get one: GetItem; several (a queue's and its options' targets): BatchGetItem.
 *   - the page's list and the pickers, in name order, searched by name prefix:
 *     gsi1pk C#<cid>#FILELIST, gsi1sk <lowercased name>#<padId> (Query with begins_with).
 * - ids: counter item from nextId(C#<cid>, 'fileList'); option ids from the list's optionSeq.
 * - files: blob store keys c<cid>/files<listId>/<ulid>-<name>.
 */
import { companyPk, padId } from '../../platform/table/keys.ts';
import { companyMediaPrefix } from '../../platform/ports/media-keys.ts';

export interface FileOptionRecord {
  id: number;
  name: string;
  /** blob store key of the uploaded file; null until one is uploaded */
  path: string | null;
  fileName: string | null;
  mediaType: string | null;
}

export interface FileListRecord {
  id: number;
  companyId: number;
  name: string;
  message: string;
  options: FileOptionRecord[];
  optionSeq: number;
  createdAt: string;
  updatedAt: string;
  rev: number;
}

export type FileListItem = FileListRecord & { pk: string; sk: string; type: 'fileList'; gsi1pk: string; gsi1sk: string };

export const nameKeyOf = (name: string): string => name.trim().toLowerCase();

export const fileListKey = (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `FILELIST#${padId(id)}` });
export const fileListByNamePk = (companyId: number): string => `${companyPk(companyId)}#FILELIST`;

export const toFileListItem = (r: FileListRecord): FileListItem => ({
  ...fileListKey(r.companyId, r.id),
  type: 'fileList',
  gsi1pk: fileListByNamePk(r.companyId),
  gsi1sk: `${nameKeyOf(r.name)}#${padId(r.id)}`,
  ...r,
});

export const fileListMediaPrefix = (companyId: number, id: number): string => `${companyMediaPrefix(companyId)}files${id}/`;

/**
 * File lists (server reference 8.6: `Files` + `FilesOptions`): named lists of files that a queue (`fileListId`) or a
 * chatbot option (`optFileId`) sends one by one, with each file's name as its caption. Spec document 2 section 7
 * "GET /files/".
 */
import { z } from 'zod';
import { idParam } from './common.ts';
import { MESSAGE_MEDIA_MAX_BYTES, uploadBody } from './uploads.ts';

export const FILE_LIST_PAGE_SIZES = [5, 10, 25] as const;
export const FILE_LIST_DEFAULT_PAGE_SIZE = 5;
/** Records per page of GET /files (pageNumber counts from 1). */
export const FILE_LIST_API_PAGE_SIZE = 20;
/** GET /files/list (the pickers of the queue dialog) answers at most this many lists. */
export const FILE_LIST_PICKER_LIMIT = 200;
/** Files of one list: a list is sent whole to a customer, so it stays short. */
export const FILE_LIST_MAX_OPTIONS = 20;

export const fileOption = z.object({
  id: z.number().int(),
  name: z.string(),
  /** the uploaded file's own name, type and a signed address to read it; null until a file is uploaded */
  fileName: z.string().nullable(),
  mediaType: z.string().nullable(),
  url: z.string().nullable(),
});
export type FileOption = z.infer<typeof fileOption>;

export const fileList = z.object({
  id: z.number().int(),
  name: z.string(),
  message: z.string(),
  options: z.array(fileOption),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FileList = z.infer<typeof fileList>;

/** A file list's name is at least this long (spec document 3, validation rules). */
export const FILE_LIST_NAME_MIN = 3;

/** The spec's texts (document 3, "File list"): a name of 3 or more characters, and a message. */
export const fileListBody = z.object({
  name: z.string({ error: 'Required' }).trim().min(FILE_LIST_NAME_MIN, 'nombre muy corto').max(50, 'Too Long!'),
  message: z
    .string({ error: 'Requerido' })
    .max(5000)
    .refine((text) => text.trim() !== '', 'Requerido'),
  /** an option with an id keeps its file; one without is new (its file is uploaded next); a missing one is removed */
  options: z
    .array(
      z.object({
        id: z.number().int().positive().optional(),
        name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(100, 'Too Long!'),
      }),
    )
    .max(FILE_LIST_MAX_OPTIONS)
    .default([]),
});
export type FileListBody = z.infer<typeof fileListBody>;
export type FileListBodyInput = z.input<typeof fileListBody>;

export const fileListIdParams = z.object({ id: idParam });

export const fileListQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).max(1000).default(1),
});
export const fileListResponse = z.object({ files: z.array(fileList), hasMore: z.boolean() });
export const fileListSummaries = z.array(z.object({ id: z.number().int(), name: z.string() }));

/** The file of one option; it travels to the blob store through the answered upload address, as message attachments do. */
export const fileUploadBody = uploadBody({
  style: 'setting',
  use: 'fileList',
  maxBytes: MESSAGE_MEDIA_MAX_BYTES,
  extra: { optionId: z.number().int().positive() },
});
export const fileUploadResponse = z.object({ fileList, uploadUrl: z.string(), headers: z.record(z.string(), z.string()) });

/** Live event `company{id}-file` (server reference 11; no dash after "company"). */
export type FileListEvent = { action: 'create' | 'update'; fileList: FileList } | { action: 'delete'; fileId: number };

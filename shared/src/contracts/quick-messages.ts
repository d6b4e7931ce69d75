/**
 * Quick replies (spec document 3: "Quick replies (/quick-messages)", entity "Quick message", sections 4 to 7;
 * document 1: "Quick message (as used in the input)").
 */
import { z } from 'zod';
import { idParam } from './common.ts';
import { MESSAGE_MEDIA_MAX_BYTES, uploadBody } from './uploads.ts';

/** Spec document 3 section 9: the page's client-side pager. */
export const QUICK_MESSAGE_PAGE_SIZES = [5, 10, 25] as const;
export const QUICK_MESSAGE_DEFAULT_PAGE_SIZE = 5;
/** Spec documents 1 and 3: picker labels are truncated at 90 characters. */
export const QUICK_MESSAGE_LABEL_MAX = 90;
/** Records per page of GET /quick-messages (pageNumber counts from 1). */
export const QUICK_MESSAGE_API_PAGE_SIZE = 20;
/** The picker never lists more than this many replies. */
export const QUICK_MESSAGE_PICKER_LIMIT = 50;

export const quickMessage = z.object({
  id: z.number().int(),
  shortcode: z.string(),
  message: z.string(),
  /** shared with everybody in the company */
  geral: z.boolean(),
  /** active */
  visao: z.boolean(),
  userId: z.number().int(),
  isMedia: z.boolean(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  mediaType: z.string().nullable(),
  /** a signed address to read the attached file */
  mediaUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QuickMessage = z.infer<typeof quickMessage>;
/** The realtime frames of `company-{id}-quickemessage`, to the company's agents. */
export type QuickMessageEvent = { action: 'create' | 'update'; record: QuickMessage } | { action: 'delete'; id: number };

const shortcode = z
  .string({ error: 'Requerido' })
  .trim()
  .min(1, 'Requerido')
  .max(100)
  .refine((s) => !/\s/.test(s), 'Sin espacios');

const fields = {
  shortcode,
  message: z.string().max(10_000).default(''),
  geral: z.boolean().default(false),
  visao: z.boolean().default(true),
};

/** The shared option (geral) exists only while the reply is active (visao). */
const sharedOnlyWhenActive = (v: { geral: boolean; visao: boolean }) => !v.geral || v.visao;
const sharedOnlyWhenActiveIssue = { message: 'geral requires visao', path: ['geral'] };

export const createQuickMessageBody = z.object(fields).refine(sharedOnlyWhenActive, sharedOnlyWhenActiveIssue);
export type CreateQuickMessageBody = z.infer<typeof createQuickMessageBody>;
export const updateQuickMessageBody = createQuickMessageBody;
export type UpdateQuickMessageBody = z.infer<typeof updateQuickMessageBody>;

export const quickMessageIdParams = z.object({ id: idParam });

export const quickMessageListQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).max(1000).default(1),
});
export const quickMessageListResponse = z.object({ records: z.array(quickMessage), hasMore: z.boolean() });

/** The picker: what follows the '/' in the message input, matched as a shortcode prefix. */
export const quickMessagePickerQuery = z.object({ shortcode: z.string().trim().max(100).optional() });
export const quickMessagePickerResponse = z.array(quickMessage);

/** The file to attach; it travels to the blob store through the answered upload address, as message attachments do. */
export const quickMessageMediaBody = uploadBody({ style: 'setting', use: 'quickMessage', maxBytes: MESSAGE_MEDIA_MAX_BYTES });
export const quickMessageMediaResponse = z.object({
  quickMessage,
  uploadUrl: z.string(),
  headers: z.record(z.string(), z.string()),
});

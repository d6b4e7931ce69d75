/**
 * Contacts (spec document 1, sections 3 to 9): the people tickets are with, their phone rules and the calls that
 * list, change, import and tag them.
 */
import { z } from 'zod';
import { cursorPageNumber, idParam, queryBoolean, queryIdList } from './common.ts';
import { channelTraits } from '../channel-traits.ts';
import { channel, type Channel } from './connections.ts';
import { tagSummary } from './tags.ts';

export const extraInfo = z.object({
  id: z.number().int().optional(),
  name: z.string().trim().min(1).max(100),
  value: z.string().max(1000),
});

export const contact = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  urlPicture: z.string().nullable(),
  active: z.boolean(),
  disableBot: z.boolean(),
  acceptAudioMessage: z.boolean(),
  lgpdAcceptedAt: z.string().nullable(),
  channel,
  isGroup: z.boolean(),
  tags: z.array(tagSummary),
  extraInfo: z.array(extraInfo),
  whatsappId: z.number().int().nullable(),
  /**
   * When a WhatsApp session confirmed that the number has an account (or the contact wrote from it), so opening a
   * ticket does not ask again; null or absent: never confirmed (a changed number is confirmed afresh).
   */
  whatsappCheckedAt: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof contact>;

export const contactListQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  channel: channel.optional(),
  isGroup: queryBoolean,
  contactTag: queryIdList,
  pageNumber: cursorPageNumber,
  cursor: z.string().max(2048).optional(),
  rowsPerPage: z.coerce
    .number()
    .int()
    .refine((n) => [10, 20, 30, 50].includes(n), 'rowsPerPage must be 10, 20, 30 or 50')
    .default(10),
});
export const contactListResponse = z.object({
  contacts: z.array(contact),
  count: z.number().int(),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});
export const contactIdParams = z.object({ id: idParam });

const contactName = z.string({ error: 'Required' }).trim().min(2, 'Too Short!').max(250, 'Too Long!');
const contactNumber = z.string({ error: 'Required' }).trim().min(8, 'Too Short!').max(50, 'Too Long!');

/** A phone number is stored as its digits (formatting dropped) and needs at least this many of them. */
export const MIN_PHONE_DIGITS = 8;
export const phoneDigits = (number: string): string => number.replace(/\D/g, '');
/** The channels whose contacts are phone numbers (their traits say so); false for anything that is not a channel. */
export const isPhoneChannel = (channel: string): boolean =>
  Object.hasOwn(channelTraits, channel) && channelTraits[channel as Channel].identity === 'phone';
/** The extra info entry that keeps the phone a contact gave when its identity is not a phone number (the web chat form). */
export const PHONE_INFO_NAME = 'phone';
/**
 * The phone a contact gave besides its identity: a web chat visitor's, or that of any contact whose channel does not
 * know people by phone number and whose extra info names one. Phone channels' contacts are their number already.
 */
export const givenPhone = (contact: {
  channel: string;
  extraInfo?: readonly { name: string; value: string }[];
}): string | undefined =>
  isPhoneChannel(contact.channel)
    ? undefined
    : contact.extraInfo?.find((i) => i.name.trim().toLowerCase() === PHONE_INFO_NAME)?.value;
/** A number for a phone channel: the server's rule, shared with forms and the import preview. */
export const phoneNumber = contactNumber.refine((v) => phoneDigits(v).length >= MIN_PHONE_DIGITS, { message: 'Too Short!' });
const contactEmail = z.union([z.literal(''), z.string().trim().toLowerCase().email('Invalid email').max(254)]).default('');

export const createContactBody = z.object({
  name: contactName,
  number: contactNumber,
  email: contactEmail,
  channel: channel.default('whatsapp'),
  extraInfo: z.array(extraInfo).max(50).default([]),
});
export const updateContactBody = z
  .object({
    name: contactName,
    number: contactNumber,
    email: contactEmail,
    extraInfo: z.array(extraInfo).max(50),
    disableBot: z.boolean(),
    acceptAudioMessage: z.boolean(),
  })
  .partial()
  .strict();
/** An imported row becomes a WhatsApp contact: its number follows the phone rule. */
export const contactImportRow = z.object({
  name: contactName,
  number: phoneNumber,
  email: contactEmail,
  validateContact: z.enum(['true', 'false']).optional(),
});
export const toggleAcceptAudioBody = z.object({ acceptAudioMessage: z.boolean() });
export const toggleDisableBotBody = z.object({ disableBot: z.boolean() });
export const blockContactBody = z.object({ active: z.boolean() });

export const contactListAllQuery = z.object({
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});
export const contactListAllResponse = z.object({
  contacts: z.array(z.object({ id: z.number().int(), name: z.string() })),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});
export const contactProfileParams = z.object({ number: z.string().trim().min(1).max(100) });
export const contactProfileResponse = z.object({ contactId: z.number().int(), urlPicture: z.string().nullable() });
/** POST /contactsImport: 201 with created true, or 200 with the contact that already had the number. */
export const contactImportResponse = z.object({ contact, created: z.boolean() });
export const contactTagsResponse = z.object({ tags: z.array(tagSummary) });
/** POST /contacts/import/chats: the WhatsApp QR connection whose chats are taken in (default: the company's default one). */
export const importChatsBody = z.object({ whatsappId: z.coerce.number().int().positive().optional() }).strict();
/** The import runs in the background: the answer says it started; the admins are told its count when it ends. */
export const importChatsResponse = z.object({ message: z.string(), whatsappId: z.number().int() });
/** GET /contact-pictures/{companyId}/{file}: a stored contact picture, by the unguessable name it was stored under. */
export const contactPictureParams = z.object({
  companyId: z.coerce.number().int().positive(),
  file: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}\.jpeg$/),
});
/** The frame of `company-<id>-contact` that tells admins a chat import ended. */
export interface ChatImportFrame {
  action: 'importChats';
  whatsappId: number;
  /** contacts created; the other chats' people were contacts already */
  created: number;
  total: number;
}

/** GET /tags/{id}/contacts: the contacts that carry the tag (the query is with the tags in tags.ts). */
export const tagContactsResponse = z.object({
  contacts: z.array(contact),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});

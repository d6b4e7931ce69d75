/**
 * The external messages API (spec document 3, sections 2 "External API page", 5 and 7 "External messages API";
 * server reference 12): a company's own systems send a message to a number with a connection's token as bearer.
 * The same fields come as JSON or as multipart form fields (texts), the latter with the files in `medias`.
 */
import { z } from 'zod';

/** Country code, area code and number, digits only (E.164 without the +): no mask, `+` or spaces. */
export const EXTERNAL_NUMBER_PATTERN = /^\d{8,15}$/;
export const EXTERNAL_NUMBER_MESSAGE =
  'The number must be digits only: country code, area code and number, without mask, + or spaces';

/**
 * Files of one multipart call. A Lambda is handed at most 6 MB per request, base64 included, so the files of one
 * call stay under 4 MB together; each is sent as its own message.
 */
export const EXTERNAL_MAX_FILES = 10;
export const EXTERNAL_MAX_UPLOAD_BYTES = 4 * 1024 * 1024;

/** The `Idempotency-Key` header: printable ASCII without spaces, up to 255 characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** A form field arrives as text: `"true"`/`"false"` and digits are read as JSON would give them. */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const positiveId = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^\d{1,15}$/, 'Expected a positive integer')
    .transform(Number),
]);

export const externalSendBody = z.object({
  number: z.string({ error: 'Required' }).regex(EXTERNAL_NUMBER_PATTERN, EXTERNAL_NUMBER_MESSAGE),
  /** the text; the caption of the first file when files are sent */
  body: z.string().max(4096).default(''),
  /** the ticket is opened for this user (and signed with their name when asked) */
  userId: positiveId.optional(),
  /** the ticket goes to this queue */
  queueId: positiveId.optional(),
  /** prefixes the user's name as the agent composer does (`*Name:*` and a line break); needs userId */
  sendSignature: flag.default(false),
  /** the ticket is closed (no farewell) once the message is recorded */
  closeTicket: flag.default(false),
});
export type ExternalSendBody = z.output<typeof externalSendBody>;

export const externalSendResponse = z.object({
  status: z.literal('SUCCESS'),
  ticketId: z.number().int(),
  ticketUuid: z.string(),
  contactId: z.number().int(),
  /** the ticket's status after the call */
  ticketStatus: z.string(),
  /** one per message recorded (a text, or one per file) */
  messages: z.array(z.object({ id: z.string(), mediaType: z.string(), body: z.string() })),
});
export type ExternalSendResponse = z.infer<typeof externalSendResponse>;

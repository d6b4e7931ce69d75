/**
 * The one schema of a file announced before its bytes go to the answered signed address (or named once they are
 * there): its name, MIME type and size, checked against the use's allow-list in media-types.ts. Routes differ only
 * in the options below and in the fields they carry besides the file (a chat, an option, a logo mode, the stored key).
 */
import { z } from 'zod';
import { refineUpload, type MediaUse } from '../media-types.ts';

/** The largest file sent in a conversation, by an agent or a website visitor. */
export const MESSAGE_MEDIA_MAX_BYTES = 64 * 1024 * 1024;

/** The key an announced file was stored under, as a later body names it (a message's attachment). */
export const storedUploadKey = z.string().min(1).max(300);

/**
 * How the name and type are read. `attachment`: as the composers' file pickers give them, kept verbatim (a name up
 * to 255 characters, as file systems allow; a type of 3 to 100). `setting`: as the set-up screens' forms send them,
 * trimmed, each up to 200 characters.
 */
export type UploadFieldStyle = 'attachment' | 'setting';

const fileFields = {
  attachment: { name: z.string().min(1).max(255), mimeType: z.string().min(3).max(100) },
  setting: { name: z.string().trim().min(1).max(200), mimeType: z.string().trim().min(1).max(200) },
} as const satisfies Record<UploadFieldStyle, Record<'name' | 'mimeType', z.ZodString>>;

export interface UploadOptions<Extra extends z.ZodRawShape> {
  style: UploadFieldStyle;
  /** the largest size accepted; none: any size (a file already stored, checked when it was announced) */
  maxBytes?: number;
  /** the message of a size over maxBytes (zod's own when absent) */
  tooLarge?: string;
  /** the route's own fields, listed before the file's */
  extra?: Extra;
  /** the allow-list checked; null when the route checks the type itself (a schedule's pictures) */
  use: MediaUse | null;
}

/** An upload body `{ ...extra, name, mimeType, size }` for one route. */
export const uploadBody = <Extra extends z.ZodRawShape = Record<never, never>>(options: UploadOptions<Extra>) => {
  const size = z.number().int().positive();
  const schema = z.object({
    ...(options.extra as Extra),
    ...fileFields[options.style],
    size: options.maxBytes === undefined ? size : size.max(options.maxBytes, options.tooLarge),
  });
  if (options.use === null) return schema;
  const refine = refineUpload(options.use);
  // zod cannot see through the generic shape that name and mimeType are strings; the fields above make them so
  return schema.superRefine((file, ctx) => refine(file as { name: string; mimeType: string }, ctx));
};

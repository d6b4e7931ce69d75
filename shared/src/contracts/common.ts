import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from '../field-rules.ts';

/** A numeric id in a path or query string ("12"), parsed to a positive integer. */
export const idParam = z.coerce.number().int().positive();

export const enabledDisabled = z.enum(['enabled', 'disabled']);
export type EnabledDisabled = z.infer<typeof enabledDisabled>;

/** Cursor paging: `cursor` in, `nextCursor` and `hasMore` out. */
export const pageQuery = z.object({
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/** The password limits live with the zod-free field rules, which the sign-in page reads. */
export { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT };

/** A password being set: signup, a user's creation or change, a reset. */
export const newPassword = z.string().min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT).max(50, 'Too Long!');

export const okResponse = z.object({ ok: z.literal(true) });

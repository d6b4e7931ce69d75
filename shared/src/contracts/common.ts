import { z } from 'zod';

/** A numeric id in a path or query string ("12"), parsed to a positive integer. */
export const idParam = z.coerce.number().int().positive();

export const enabledDisabled = z.enum(['enabled', 'disabled']);
export type EnabledDisabled = z.infer<typeof enabledDisabled>;

/** Cursor paging: `cursor` in, `nextCursor` and `hasMore` out. */
export const pageQuery = z.object({
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/** Shortest password a user may set (OWASP's minimum for passwords without a second factor); older ones still sign in. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_TOO_SHORT = 'At least 8 characters';
/** A password being set: signup, a user's creation or change, a reset. */
export const newPassword = z.string().min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT).max(50, 'Too Long!');

export const okResponse = z.object({ ok: z.literal(true) });

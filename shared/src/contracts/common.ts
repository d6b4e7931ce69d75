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

export const okResponse = z.object({ ok: z.literal(true) });

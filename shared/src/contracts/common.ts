import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from '../field-rules.ts';

/** A numeric id in a path or query string ("12"), parsed to a positive integer. */
export const idParam = z.coerce.number().int().positive();

export const enabledDisabled = z.enum(['enabled', 'disabled']);
export type EnabledDisabled = z.infer<typeof enabledDisabled>;

/** Cursor paging: `cursor` in, `nextCursor` and `hasMore` out. */
export const pageQuery = z.object({
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/**
 * `pageNumber` on a list that pages by cursor (architecture section 3). Clients written to the spec send it; the
 * first page (1, or none) is what they get, and later pages are reached only through `cursor`, because a numbered
 * page would cost every page before it. Any other value is refused naming the field, never ignored. The parsed
 * value is dropped, so a cursor is the same whether the first request sent pageNumber=1 or nothing.
 */
export const CURSOR_PAGE_NUMBER_MESSAGE =
  "This list pages by cursor: send pageNumber=1 or none, then the answer's nextCursor as cursor";
export const cursorPageNumber = z.coerce
  .number({ error: CURSOR_PAGE_NUMBER_MESSAGE })
  .refine((n) => n === 1, CURSOR_PAGE_NUMBER_MESSAGE)
  .transform(() => undefined)
  .optional();

/** The password limits live with the zod-free field rules, which the sign-in page reads. */
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT };

/** A password being set: signup, a user's creation or change, a reset. */
export const newPassword = z.string().min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT).max(PASSWORD_MAX_LENGTH, 'Too Long!');

/**
 * A list in a query string, as the spec's client sends it: JSON (`[1,2]`, `"open"`) or comma-separated (`1,2`).
 * Text that opens like JSON but does not parse answers 400 on the field, never a server error.
 */
export const queryList = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    if (typeof v !== 'string') return v;
    if (!/^\s*[[{"]/.test(v)) return v.split(',');
    try {
      const parsed: unknown = JSON.parse(v);
      return Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Malformed JSON' });
      return z.NEVER;
    }
  }, z.array(item).max(max).optional());

/** A list of positive ids in a query string. */
export const queryIdList = queryList(z.coerce.number().int().positive(), 100);

/** `true` or `false` in a query string. */
export const queryBoolean = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional());

export const okResponse = z.object({ ok: z.literal(true) });

/** Help videos (spec document 2 section 3 "Help", document 3 "Help videos (/helps)"). */
import { z } from 'zod';

export const help = z.object({ id: z.number().int(), title: z.string(), description: z.string(), video: z.string() });
export type Help = z.infer<typeof help>;

export const helpBody = z.object({
  title: z.string({ error: 'Required' }).trim().min(1, 'Required').max(100, 'Too Long!'),
  description: z.string().trim().max(1000, 'Too Long!').default(''),
  /** a YouTube video code: letters, digits, - and _ */
  video: z
    .string({ error: 'Required' })
    .trim()
    .min(1, 'Required')
    .max(50, 'Too Long!')
    .regex(/^[\w-]+$/, 'Invalid video code'),
});
export type HelpBody = z.infer<typeof helpBody>;
export const helpIdParams = z.object({ id: z.coerce.number().int().positive() });
export const helpList = z.array(help);

/** Help entries per page of GET /helps (pageNumber counts from 1). */
export const HELP_PAGE_SIZE = 20;
/** GET /helps: the super user's help tab, searched by title and description. */
export const helpPageQuery = z.object({
  searchParam: z.string().trim().toLowerCase().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).max(1000).default(1),
});
export const helpPage = z.object({ records: z.array(help), count: z.number().int(), hasMore: z.boolean() });
export type HelpPage = z.infer<typeof helpPage>;

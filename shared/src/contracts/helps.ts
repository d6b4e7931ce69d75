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

import { z } from 'zod';
import { idParam } from './common.ts';

export const userIdParams = z.object({ id: idParam });

/** What a user may change of their own profile from the avatar menu; admins' fields land with the users page. */
export const updateUserBody = z
  .object({
    name: z.string().trim().min(2, 'Too Short!').max(50, 'Too Long!'),
    password: z.string().min(5, 'Too Short!').max(50, 'Too Long!'),
    defaultTheme: z.enum(['light', 'dark']),
    defaultMenu: z.enum(['open', 'closed']),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });

import { z } from 'zod';
import { idParam, newPassword } from './common.ts';

export const userIdParams = z.object({ id: idParam });

/** What a user may change of their own profile from the avatar menu; admins' fields land with the users page. */
export const updateUserBody = z
  .object({
    name: z.string().trim().min(2, 'Too Short!').max(50, 'Too Long!'),
    password: newPassword,
    defaultTheme: z.enum(['light', 'dark']),
    defaultMenu: z.enum(['open', 'closed']),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });

/** Spec document 2 section 5: user form rules; defaults of a new user apply to what is left out. */
export const createUserBody = z.object({
  name: z.string({ error: 'Required' }).trim().min(2, 'Too Short!').max(50, 'Too Long!'),
  email: z.string({ error: 'Required' }).trim().toLowerCase().email('Invalid email').max(254),
  password: z.string({ error: 'Required' }).pipe(newPassword),
  profile: z.enum(['admin', 'user']).default('user'),
  queueIds: z.array(z.number().int().positive()).max(100).default([]),
});

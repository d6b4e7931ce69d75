import { z } from 'zod';
import { enabledDisabled, newPassword } from './common.ts';
import { plan } from './plans.ts';
import { companySettings } from './settings.ts';

export const profile = z.enum(['admin', 'user']);
export type Profile = z.infer<typeof profile>;

const email = z.string().trim().toLowerCase().email('Email inválido').max(254);

export const loginBody = z.object({
  email,
  password: z.string().min(1).max(200),
});

/** Spec document 1, section 5: signup rules and their messages. */
export const signupBody = z.object({
  name: z.string({ error: 'Obrigatório' }).trim().min(2, 'Too Short!').max(50, 'Too Long!'),
  companyName: z.string({ error: 'Obrigatório' }).trim().min(2, 'Too Short!').max(50, 'Too Long!'),
  email: z.string({ error: 'Obrigatório' }).trim().toLowerCase().email('Email inválido').max(254),
  password: z.string({ error: 'Obrigatório' }).pipe(newPassword),
  phone: z.string({ error: 'Obrigatório' }).trim().min(8, 'Too Short!').max(30, 'Too Long!'),
  planId: z.coerce.number({ error: 'Obrigatório' }).int().positive(),
  /** the company that referred the signup (/signup?companyId=N); recorded, grants nothing */
  companyId: z.coerce.number().int().positive().optional(),
});

/** A one-time ticket for `/ws?ticket=`, good for `expiresIn` seconds. */
export const wsTicketResponse = z.object({ ticket: z.string(), expiresIn: z.number().int() });

export const forgotPasswordParams = z.object({ email: z.string().trim().toLowerCase().email('Invalid email') });

/** The reset travels in the body: a password (or its one-time token) in a URL ends up in access logs. */
export const resetPasswordBody = z.object({
  email: z.string().trim().toLowerCase().email('Invalid email'),
  token: z.string().min(16).max(200),
  newPassword,
});

export const userFlag = enabledDisabled;

export const company = z.object({
  id: z.number().int(),
  name: z.string(),
  dueDate: z.string(),
  status: z.boolean(),
  planId: z.number().int(),
  plan: plan.optional(),
  settings: companySettings.optional(),
});

export const user = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  email: z.string(),
  profile,
  super: z.boolean(),
  startWork: z.string(),
  endWork: z.string(),
  farewellMessage: z.string(),
  /** capacity for rotation and wallets: the most tickets handed to the user at once (0: no limit); absent on older users */
  maxOpenTickets: z.number().int().optional(),
  allTicket: z.enum(['enable', 'disable']),
  allowGroup: z.boolean(),
  defaultTheme: z.enum(['light', 'dark']),
  defaultMenu: z.enum(['open', 'closed']),
  allHistoric: userFlag,
  allUserChat: userFlag,
  userClosePendingTicket: userFlag,
  showDashboard: userFlag,
  allowRealTime: userFlag,
  allowConnections: userFlag,
  queueIds: z.array(z.number().int()),
  whatsappId: z.number().int().nullable(),
  profileImage: z.string().nullable(),
  online: z.boolean(),
  defaultTicketsManagerWidth: z.number().int(),
  company,
});
export type User = z.infer<typeof user>;
export type Company = z.infer<typeof company>;

export const sessionResponse = z.object({ token: z.string(), user });
export type SessionResponse = z.infer<typeof sessionResponse>;

export const forgotPasswordResponse = z.object({ status: z.union([z.literal(200), z.literal(404)]) });

export const versionResponse = z.object({ version: z.string() });

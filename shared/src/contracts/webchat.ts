/** The website chat channel's public API, used by the widget (and by tests acting as a visitor). */
import { z } from 'zod';
import { botMenu } from './inbox.ts';

export const webchatTokenParams = z.object({ token: z.string().min(16).max(64).regex(/^[A-Za-z0-9_-]+$/) });

export const widgetConfig = z.object({
  companyName: z.string(),
  color: z.string(),
  greeting: z.string(),
});

export const createVisitorBody = z.object({
  name: z.string().trim().min(2, 'Too Short!').max(60, 'Too Long!'),
  email: z.union([z.literal(''), z.string().trim().toLowerCase().email('Invalid email').max(254)]).optional(),
  phone: z.union([z.literal(''), z.string().trim().regex(/^\+?[0-9 ()-]{8,20}$/, 'Invalid phone')]).optional(),
});
export const visitorSession = z.object({ visitorToken: z.string(), visitorId: z.string(), name: z.string() });

export const visitorMessageBody = z.object({
  body: z.string().trim().min(1, 'Empty message').max(2000, 'Too Long!'),
  /** the widget's own id for the message, so a retried send is stored once */
  clientMessageId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/).optional(),
});

export const visitorMessage = z.object({
  id: z.string(),
  body: z.string(),
  /** written by the visitor (true) or by the company (false) */
  fromVisitor: z.boolean(),
  mediaType: z.string(),
  mediaUrl: z.string().nullable(),
  isDeleted: z.boolean(),
  /** a bot menu the widget offers as buttons under the company's message; a tap sends the option's id as text */
  menu: botMenu.nullable().optional(),
  createdAt: z.string(),
});
export type VisitorMessage = z.infer<typeof visitorMessage>;

export const visitorMessages = z.object({
  messages: z.array(visitorMessage),
  /** true once an agent has answered in this conversation (the widget shows an offline note before that) */
  answered: z.boolean(),
});

/** A one-time ticket that opens the visitor's socket (`/ws?ticket=`) within `expiresIn` seconds. */
export const visitorSocketTicket = z.object({ ticket: z.string(), expiresIn: z.number().int() });

export const webchatEvents = {
  message: 'webchat-message',
  messageUpdate: 'webchat-message-update',
} as const;

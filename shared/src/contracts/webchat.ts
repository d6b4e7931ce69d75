/** The website chat channel's public API, used by the widget (and by tests acting as a visitor). */
import { z } from 'zod';
import { botMenu, sendMessageBody, uploadUrlBody, uploadUrlResponse } from './messages.ts';

export const webchatTokenParams = z.object({
  token: z
    .string()
    .min(16)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});

export const widgetConfig = z.object({
  companyName: z.string(),
  color: z.string(),
  greeting: z.string(),
  /** false outside the company's hours or on collective vacation: the widget then promises no quick answer */
  open: z.boolean(),
});

export const createVisitorBody = z.object({
  name: z.string().trim().min(2, 'Too Short!').max(60, 'Too Long!'),
  email: z.union([z.literal(''), z.string().trim().toLowerCase().email('Invalid email').max(254)]).optional(),
  phone: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^\+?[0-9 ()-]{8,20}$/, 'Invalid phone'),
    ])
    .optional(),
});
export const visitorSession = z.object({ visitorToken: z.string(), visitorId: z.string(), name: z.string() });

export const visitorMessageBody = z
  .object({
    /** the text, or the caption of an attached file */
    body: z.string().trim().max(2000, 'Too Long!').default(''),
    /** the widget's own id for the message, so a retried send is stored once */
    clientMessageId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .optional(),
    /** a tapped bot menu button: the option's id, which the bot reads; `body` is the button's label */
    choice: z.string().trim().min(1).max(50).optional(),
    /** a file put through the visitor's upload URL: the agents' allow-list applies */
    media: sendMessageBody.shape.media,
  })
  .refine((v) => v.body.length > 0 || v.media !== undefined, { message: 'Empty message', path: ['body'] });

/** A visitor's file goes through the same checks and size limit as an agent's (POST .../upload-url). */
export const visitorUploadBody = uploadUrlBody;
export const visitorUploadTarget = uploadUrlResponse;

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

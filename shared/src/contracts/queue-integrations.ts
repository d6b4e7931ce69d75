/**
 * Integrations (spec document 3 "Integrations (/queue-integration)", entity "Queue integration", section 5
 * "Integration", section 7 "Integrations", section 9; server reference 8). An integration is attached to a
 * connection, a queue or a chatbot option and takes the conversation while the ticket waits without an agent.
 *
 * jsonContent (a Dialogflow service account, with its private key) never leaves the server: answers carry
 * JSON_CONTENT_MASK in its place, and a PUT that sends the mask back keeps the stored credentials.
 */
import { z } from 'zod';
import { idParam } from './common.ts';

export const QUEUE_INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot', 'flowbuilder'] as const;
export type QueueIntegrationType = (typeof QUEUE_INTEGRATION_TYPES)[number];
/** Section 9: Dialogflow languages. */
export const DIALOGFLOW_LANGUAGES = ['pt-BR', 'en', 'es'] as const;
/** Section 9: Typebot defaults. */
export const TYPEBOT_DEFAULT_EXPIRES = 1;
export const TYPEBOT_DEFAULT_DELAY_MESSAGE = 1000;
/** Section 5 and 9: an integration's name is 2 to 50 characters. */
export const QUEUE_INTEGRATION_NAME_MIN = 2;
export const QUEUE_INTEGRATION_NAME_MAX = 50;
/** Records per page of GET /queueIntegration (pageNumber counts from 1). */
export const QUEUE_INTEGRATION_PAGE_SIZE = 20;
/** Stands for stored credentials in answers; sent back unchanged, it keeps them. */
export const JSON_CONTENT_MASK = '__stored_credentials__';
/** The types whose URL (urlN8N) and name are required (section 5). */
export const URL_INTEGRATION_TYPES: readonly QueueIntegrationType[] = ['n8n', 'webhook', 'typebot'];
/** The types whose projectName is their name (section 5). */
export const NAMED_PROJECT_TYPES: readonly QueueIntegrationType[] = ['n8n', 'webhook', 'typebot', 'flowbuilder'];

export const integrationMessages = {
  required: 'Required',
  short: 'Too Short!',
  long: 'Too Long!',
  url: 'Invalid URL',
  credentials: 'Invalid credentials: paste the service account JSON (project_id, client_email, private_key)',
  language: 'Choose pt-BR, en or es',
} as const;

/**
 * Whether a text is a service account's JSON key, as Google issues it: an object with the fields a session needs.
 * The mask stands for stored credentials that were checked when saved.
 */
export const isServiceAccountJson = (text: string): boolean => {
  if (text === JSON_CONTENT_MASK) return true;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return false;
    const o = parsed as Record<string, unknown>;
    return ['project_id', 'client_email', 'private_key'].every((k) => typeof o[k] === 'string' && (o[k] as string).trim() !== '');
  } catch {
    return false;
  }
};

const isHttpUrl = (s: string): boolean => {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

const optionalText = (max: number) => z.string().trim().max(max, integrationMessages.long).nullable().default(null);

export const queueIntegrationBody = z
  .object({
    type: z.enum(QUEUE_INTEGRATION_TYPES, { error: integrationMessages.required }),
    name: z
      .string({ error: integrationMessages.required })
      .trim()
      .min(1, integrationMessages.required)
      .pipe(
        z
          .string()
          .min(QUEUE_INTEGRATION_NAME_MIN, integrationMessages.short)
          .max(QUEUE_INTEGRATION_NAME_MAX, integrationMessages.long),
      ),
    projectName: optionalText(200),
    /** Dialogflow: the service account's JSON (or JSON_CONTENT_MASK to keep the stored one) */
    jsonContent: z.string().max(20_000, integrationMessages.long).nullable().default(null),
    language: z.string().trim().max(10).nullable().default(null),
    urlN8N: optionalText(2000),
    typebotSlug: optionalText(200),
    typebotExpires: z.number().int().min(0).max(100_000).default(TYPEBOT_DEFAULT_EXPIRES),
    typebotDelayMessage: z.number().int().min(0).max(60_000).default(TYPEBOT_DEFAULT_DELAY_MESSAGE),
    typebotKeywordFinish: optionalText(100),
    typebotKeywordRestart: optionalText(100),
    typebotUnknownMessage: optionalText(2000),
    typebotRestartMessage: optionalText(2000),
  })
  .superRefine((b, ctx) => {
    const flag = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (URL_INTEGRATION_TYPES.includes(b.type)) {
      if (!b.urlN8N) flag('urlN8N', integrationMessages.required);
      else if (!isHttpUrl(b.urlN8N)) flag('urlN8N', integrationMessages.url);
    }
    if (b.type === 'typebot' && !b.typebotSlug) flag('typebotSlug', integrationMessages.required);
    if (b.type === 'dialogflow') {
      if (!b.projectName) flag('projectName', integrationMessages.required);
      if (!b.jsonContent?.trim()) flag('jsonContent', integrationMessages.required);
      else if (!isServiceAccountJson(b.jsonContent.trim())) flag('jsonContent', integrationMessages.credentials);
      if (!b.language) flag('language', integrationMessages.required);
      else if (!(DIALOGFLOW_LANGUAGES as readonly string[]).includes(b.language)) flag('language', integrationMessages.language);
    }
  })
  // section 5: these types' project is their name
  .transform((b) => (NAMED_PROJECT_TYPES.includes(b.type) ? { ...b, projectName: b.name } : b));
export type QueueIntegrationBody = z.infer<typeof queueIntegrationBody>;
export type QueueIntegrationBodyInput = z.input<typeof queueIntegrationBody>;

export const queueIntegration = z.object({
  id: z.number().int(),
  type: z.enum(QUEUE_INTEGRATION_TYPES),
  name: z.string(),
  projectName: z.string().nullable(),
  /** JSON_CONTENT_MASK when credentials are stored, null otherwise: never the credentials */
  jsonContent: z.string().nullable(),
  language: z.string().nullable(),
  urlN8N: z.string().nullable(),
  typebotSlug: z.string().nullable(),
  typebotExpires: z.number().int(),
  typebotDelayMessage: z.number().int(),
  typebotKeywordFinish: z.string().nullable(),
  typebotKeywordRestart: z.string().nullable(),
  typebotUnknownMessage: z.string().nullable(),
  typebotRestartMessage: z.string().nullable(),
  companyId: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QueueIntegration = z.infer<typeof queueIntegration>;

export const queueIntegrationIdParams = z.object({ id: idParam });

export const queueIntegrationListQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).max(1000).default(1),
});
export const queueIntegrationListResponse = z.object({ queueIntegrations: z.array(queueIntegration), hasMore: z.boolean() });
export type QueueIntegrationListResponse = z.infer<typeof queueIntegrationListResponse>;

/**
 * POST /queueIntegration/testSession: one Dialogflow query ('hello') with these settings. With integrationId and the
 * mask as jsonContent, the stored credentials of that integration are used (the client never holds them).
 */
export const testSessionBody = z.object({
  projectName: z.string({ error: integrationMessages.required }).trim().min(1, integrationMessages.required).max(200),
  jsonContent: z
    .string({ error: integrationMessages.required })
    .trim()
    .min(1, integrationMessages.required)
    .max(20_000)
    .refine(isServiceAccountJson, integrationMessages.credentials),
  language: z.enum(DIALOGFLOW_LANGUAGES, { error: integrationMessages.language }),
  integrationId: z.number().int().positive().optional(),
});
export type TestSessionBody = z.infer<typeof testSessionBody>;
/** The text a test session sends. */
export const TEST_SESSION_TEXT = 'hello';
export const testSessionResponse = z.object({ texts: z.array(z.string()), endConversation: z.boolean() });
export type TestSessionResponse = z.infer<typeof testSessionResponse>;

/** Live event `company-{id}-queueIntegration` (spec document 3 sections 4 and 7). */
export type QueueIntegrationEvent =
  { action: 'create' | 'update'; queueIntegration: QueueIntegration } | { action: 'delete'; integrationId: number };

/**
 * What an n8n or webhook integration receives (POST, JSON; the answer is ignored): the customer's message as the
 * platform stored it, with the ticket, contact and connection it belongs to.
 */
export interface IntegrationWebhookPayload {
  event: 'message';
  companyId: number;
  integrationId: number;
  connection: { id: number; name: string; channel: string };
  ticket: { id: number; uuid: string; status: string; queueId: number | null };
  contact: { id: number; name: string; number: string } | null;
  message: {
    id: string;
    body: string;
    mediaType: string;
    mediaUrl: string | null;
    fromMe: boolean;
    createdAt: string;
    [key: string]: unknown;
  };
}

/** How the server's 400 on body.urlN8N begins when the address policy refuses the URL (the reason follows). */
export const PRIVATE_URL_REFUSED = 'A private or local address is not allowed here';

import { z } from 'zod';

/**
 * Environment of every function, read once and parsed; a missing variable fails at cold start with its name.
 * RUNTIME=local selects the in-process adapters of the ports; RUNTIME=aws the AWS ones.
 */
const schema = z.object({
  RUNTIME: z.enum(['aws', 'local']).default('aws'),
  /**
   * whether URLs tenants configure (webhooks, n8n, Typebot and its media) may reach private, loopback and link-local
   * addresses; unset: deny (in AWS the Lambda Runtime API, cloud metadata). The local runtime sets it from HOST:
   * allow on loopback, deny when the gateway is open to a network (infra/local/exposure.ts)
   */
  TENANT_URLS_PRIVATE: z.enum(['deny', 'allow']).optional(),
  TABLE_NAME: z.string().min(1),
  DYNAMODB_ENDPOINT: z.string().url().optional(),
  AWS_REGION: z.string().default('us-east-1'),
  /** API Gateway management endpoint of the WebSocket API (locally the local gateway's origin) */
  WS_MANAGEMENT_ENDPOINT: z.string().url(),
  /** the web app's public origin, used in links sent by e-mail */
  PUBLIC_URL: z.string().url(),
  /** JWT signing keys: given directly (local) or read from Secrets Manager by ARN (aws) */
  JWT_SECRET: z.string().min(32).optional(),
  JWT_REFRESH_SECRET: z.string().min(32).optional(),
  JWT_SECRET_ARN: z.string().optional(),
  MAIL_FROM: z.string().default('no-reply@switchboard.local'),
  /** local runtime: where mail is written instead of being sent */
  DATA_DIR: z.string().default('.data'),
  /** the version the menu footer and GET /version show (spec document 1, section 9: v.3.0.0 in the footer) */
  APP_VERSION: z.string().default('3.0.0'),
  /**
   * web chat abuse limits per 15-minute window: new visitors and messages per client address, messages per
   * visitor, and a ceiling of messages per web chat connection (one site's widget) whatever their source
   */
  WEBCHAT_VISITORS_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  WEBCHAT_MESSAGES_PER_VISITOR: z.coerce.number().int().positive().default(120),
  WEBCHAT_MESSAGES_PER_ADDRESS: z.coerce.number().int().positive().default(600),
  WEBCHAT_MESSAGES_PER_CONNECTION: z.coerce.number().int().positive().default(6000),
  /** cost of new password hashes: scrypt's N is 2 to this power (17 is OWASP's recommendation) */
  PASSWORD_SCRYPT_LOG2N: z.coerce.number().int().min(14).max(20).default(17),
  /** public account calls per client address and 15-minute window */
  SIGNUPS_PER_ADDRESS: z.coerce.number().int().positive().default(10),
  RESET_MAILS_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  /** the external messages API: calls per connection token and minute (fixed window), over which it answers 429 */
  EXTERNAL_API_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** time zone of working hours and business rules */
  TIME_ZONE: z.string().default('UTC'),
  /** queue URLs (aws) or names (local) */
  JOBS_QUEUE: z.string().default('jobs'),
  SCHEDULER_GROUP: z.string().default('default'),
  SCHEDULER_ROLE_ARN: z.string().optional(),
  JOBS_QUEUE_ARN: z.string().optional(),
  /** Meta's Graph API (WhatsApp Cloud API, Messenger, Instagram); tests point it at a local fake */
  META_GRAPH_URL: z.string().url().default('https://graph.facebook.com'),
  /** the platform's Meta app: its secret signs Messenger and Instagram webhook posts, its verify token answers setup */
  META_APP_SECRET: z.string().min(1).optional(),
  /** AWS: the Secrets Manager secret holding META_APP_SECRET, read at cold start (platform/meta-app-secret.ts) */
  META_APP_SECRET_ARN: z.string().min(1).optional(),
  META_VERIFY_TOKEN: z.string().min(1).optional(),
  /** the secret the Web Push (VAPID) key pair is derived from; push notifications are off without it or its ARN */
  VAPID_SECRET: z.string().min(32).optional(),
  /** AWS: the Secrets Manager secret holding VAPID_SECRET, read at cold start (platform/push/vapid.ts) */
  VAPID_SECRET_ARN: z.string().min(1).optional(),
  /** the contact push services may reach the operator at (RFC 8292 `sub`): a mailto: or https: URL */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/)
    .optional(),
  /**
   * The Pix provider (a PSP's API in the Banco Central's Pix API standard: OAuth2 client credentials, /v2/cob);
   * locally the runtime starts a fake one (test/fakes/pix-server.ts) and points this at it
   */
  PIX_API_URL: z.string().url().optional(),
  PIX_CLIENT_ID: z.string().min(1).optional(),
  PIX_CLIENT_SECRET: z.string().min(1).optional(),
  /** the receiving Pix key (chave) charges are made to */
  PIX_KEY: z.string().min(1).optional(),
  /** signs the provider's payment notices (HMAC-SHA256 over the exact bytes, header x-pix-signature) */
  PIX_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** the client certificate PSPs require (mutual TLS): PEM certificate and key, or base64 PKCS#12 and its passphrase */
  PIX_CLIENT_CERT: z.string().min(1).optional(),
  PIX_CLIENT_KEY: z.string().min(1).optional(),
  PIX_CLIENT_PFX: z.string().min(1).optional(),
  PIX_CLIENT_PFX_PASSPHRASE: z.string().optional(),
  /** the CA of the PSP's server certificate, when it is not a public one */
  PIX_CA_CERT: z.string().min(1).optional(),
  /** in AWS: the Secrets Manager secret with the Pix credentials and certificate (platform/ports/pix/pix-settings.ts) */
  PIX_CREDENTIALS_ARN: z.string().min(1).optional(),
  /** Dialogflow ES (v2 REST) and Google's OAuth2 token endpoint its service accounts sign in at; tests point them at fakes */
  DIALOGFLOW_API_URL: z.string().url().default('https://dialogflow.googleapis.com'),
  GOOGLE_OAUTH_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  /**
   * The data key secrets of companies are sealed with (platform/crypto/secret-box.ts): given directly (local, a key
   * file the runtime makes once) or read from Secrets Manager by ARN (aws)
   */
  DATA_KEY: z.string().min(32).optional(),
  DATA_KEY_ARN: z.string().min(1).optional(),
  /** OpenAI (AI prompts, server reference 8.4); tests point it at a local fake */
  OPENAI_API_URL: z.string().url().default('https://api.openai.com/v1'),
  /** the chat model prompts answer with (the reference's fixed gpt-3.5-turbo-1106 is retired) */
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  OPENAI_TRANSCRIPTION_MODEL: z.string().min(1).default('whisper-1'),
  /** how long one OpenAI call may take before the conversation goes on without it */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  /** Azure Speech's text-to-speech endpoint; {region} is the prompt's voice region */
  AZURE_TTS_URL: z.string().min(1).default('https://{region}.tts.speech.microsoft.com'),
});

export type Config = z.infer<typeof schema>;

let cached: Config | undefined;

export const config = (): Config => {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${names}`);
  }
  cached = parsed.data;
  return cached;
};

/** Tests and the local runtime set the environment and then drop the cached copy. */
export const resetConfig = (): void => {
  cached = undefined;
};

/**
 * Where the Pix provider's settings come from. Locally (and in tests) from the environment: PIX_API_URL,
 * PIX_CLIENT_ID, PIX_CLIENT_SECRET, PIX_KEY, PIX_WEBHOOK_SECRET and, for mutual TLS, PIX_CLIENT_CERT and
 * PIX_CLIENT_KEY (PEM) or PIX_CLIENT_PFX (base64 PKCS#12) with PIX_CLIENT_PFX_PASSPHRASE, and PIX_CA_CERT. In AWS from
 * one Secrets Manager secret (PIX_CREDENTIALS_ARN), a JSON object with the same settings in camelCase (clientId,
 * clientSecret, pixKey, webhookSecret, cert, key, pfx, passphrase, ca), read once per cold start, so no credential
 * or certificate sits in the template or the function's configuration. PIX_API_URL is not a secret and stays in
 * the environment.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { z } from 'zod';
import { config } from '../../config.ts';
import type { PixApiSettings, PixClientTls } from './pix-api-client.ts';

export interface PixSettings extends Omit<PixApiSettings, 'now'> {
  webhookSecret: string | undefined;
}

const secretShape = z.object({
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  pixKey: z.string().min(1),
  webhookSecret: z.string().min(16).optional(),
  cert: z.string().min(1).optional(),
  key: z.string().min(1).optional(),
  pfx: z.string().min(1).optional(),
  passphrase: z.string().optional(),
  ca: z.string().min(1).optional(),
});
type SecretShape = z.infer<typeof secretShape>;

/** PEM text kept in one line of an environment variable has its line breaks written as \n. */
const pem = (text: string | undefined) => text?.replace(/\\n/g, '\n');

/** The mutual-TLS part of the settings; an error when only half of a certificate is given. */
export const pixTls = (s: Pick<SecretShape, 'cert' | 'key' | 'pfx' | 'passphrase' | 'ca'>): PixClientTls | undefined => {
  const ca = pem(s.ca);
  if (s.pfx)
    return { pfx: Buffer.from(s.pfx, 'base64'), ...(s.passphrase ? { passphrase: s.passphrase } : {}), ...(ca ? { ca } : {}) };
  if (s.cert || s.key) {
    if (!s.cert || !s.key) throw new Error('The Pix client certificate needs both its certificate and its key');
    return { cert: pem(s.cert)!, key: pem(s.key)!, ...(ca ? { ca } : {}) };
  }
  return ca ? { ca } : undefined;
};

const fromEnvironment = (): PixSettings => {
  const c = config();
  const missing = (['PIX_API_URL', 'PIX_CLIENT_ID', 'PIX_CLIENT_SECRET', 'PIX_KEY'] as const).filter((name) => !c[name]);
  if (missing.length > 0) throw new Error(`The Pix provider is not configured: set ${missing.join(', ')} or PIX_CREDENTIALS_ARN`);
  const tls = pixTls({
    cert: c.PIX_CLIENT_CERT,
    key: c.PIX_CLIENT_KEY,
    pfx: c.PIX_CLIENT_PFX,
    passphrase: c.PIX_CLIENT_PFX_PASSPHRASE,
    ca: c.PIX_CA_CERT,
  });
  return {
    baseUrl: c.PIX_API_URL!,
    clientId: c.PIX_CLIENT_ID!,
    clientSecret: c.PIX_CLIENT_SECRET!,
    pixKey: c.PIX_KEY!,
    webhookSecret: c.PIX_WEBHOOK_SECRET,
    ...(tls ? { tls } : {}),
  };
};

const fromSecret = async (arn: string): Promise<PixSettings> => {
  const c = config();
  if (!c.PIX_API_URL) throw new Error('The Pix provider is not configured: set PIX_API_URL');
  const out = await new SecretsManagerClient({ region: c.AWS_REGION }).send(new GetSecretValueCommand({ SecretId: arn }));
  const parsed = secretShape.safeParse(JSON.parse(out.SecretString ?? '{}'));
  if (!parsed.success)
    throw new Error(`The Pix credentials secret is not valid: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  const s = parsed.data;
  const tls = pixTls(s);
  return {
    baseUrl: c.PIX_API_URL,
    clientId: s.clientId,
    clientSecret: s.clientSecret,
    pixKey: s.pixKey,
    webhookSecret: s.webhookSecret ?? c.PIX_WEBHOOK_SECRET,
    ...(tls ? { tls } : {}),
  };
};

let loaded: Promise<PixSettings> | undefined;

/** The settings, read once (a failed read is tried again on the next call). */
export const pixSettings = (): Promise<PixSettings> => {
  const arn = config().PIX_CREDENTIALS_ARN;
  if (!arn) return Promise.resolve().then(fromEnvironment);
  loaded ??= fromSecret(arn).catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
};

/** The secret that signs the provider's payment notices: from the credentials secret in AWS, else the environment. */
export const pixWebhookSecret = async (): Promise<string | undefined> => {
  const c = config();
  if (!c.PIX_CREDENTIALS_ARN) return c.PIX_WEBHOOK_SECRET;
  return (await pixSettings()).webhookSecret;
};

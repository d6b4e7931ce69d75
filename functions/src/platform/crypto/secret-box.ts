/**
 * Secrets a company gives us to call other services with (an OpenAI key, a speech key) are kept encrypted in the
 * table: AES-256-GCM under the platform's data key, with the record they belong to as associated data, so a sealed
 * value copied onto another record does not open. The data key is given in the environment locally (a key file the
 * local runtime generates once under its data directory) and read once from Secrets Manager in AWS (a secret the
 * stack generates and grants to the functions whose code opens or seals secrets).
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { hkdfSync } from 'node:crypto';
import { config } from '../config.ts';
import { gcmOpen, gcmSeal } from './aes-gcm.ts';

const VERSION = 'v1';

let key: Promise<Buffer> | undefined;

/** The AES key: derived from the configured secret text with HKDF, so any long random text makes a 256-bit key. */
const derive = (secret: string): Buffer => Buffer.from(hkdfSync('sha256', secret, 'switchboard', 'data key v1', 32));

const load = async (): Promise<Buffer> => {
  const cfg = config();
  if (cfg.DATA_KEY) return derive(cfg.DATA_KEY);
  if (!cfg.DATA_KEY_ARN) throw new Error('Invalid environment: DATA_KEY or DATA_KEY_ARN is required to keep secrets');
  const client = new SecretsManagerClient({ region: cfg.AWS_REGION });
  const out = await client.send(new GetSecretValueCommand({ SecretId: cfg.DATA_KEY_ARN }));
  if (!out.SecretString || out.SecretString.length < 32) throw new Error('The data key secret is empty or too short');
  return derive(out.SecretString);
};

const dataKey = (): Promise<Buffer> => {
  key ??= load().catch((error) => {
    key = undefined;
    throw error;
  });
  return key;
};

/** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export const sealSecret = async (plain: string, context: string): Promise<string> => {
  const { iv, tag, data } = gcmSeal(await dataKey(), Buffer.from(plain, 'utf8'), Buffer.from(context, 'utf8'));
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), data.toString('base64url')].join('.');
};

/** Whether a stored value has the sealed form (a value written before its field was sealed has not). */
export const isSealedSecret = (value: string): boolean => /^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]*$/.test(value);

/** The plain text of a sealed value; throws when it was sealed under another key or another context. */
export const openSecret = async (sealed: string, context: string): Promise<string> => {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Not a sealed secret');
  const sealedParts = {
    iv: Buffer.from(iv, 'base64url'),
    tag: Buffer.from(tag, 'base64url'),
    data: Buffer.from(data, 'base64url'),
  };
  return gcmOpen(await dataKey(), sealedParts, Buffer.from(context, 'utf8')).toString('utf8');
};

export const resetDataKey = (): void => {
  key = undefined;
};

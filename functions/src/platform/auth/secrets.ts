/**
 * JWT signing keys (and CloudFront's origin secret): given in the environment locally, read once from Secrets
 * Manager in AWS.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { z } from 'zod';
import { config } from '../config.ts';

export interface JwtKeys {
  access: Uint8Array;
  refresh: Uint8Array;
  /** AWS: the value CloudFront sends in its origin header (client-address.ts); none locally */
  origin?: string;
}

const secretJson = z.object({
  accessSecret: z.string().min(32),
  refreshSecret: z.string().min(32),
  originSecret: z.string().min(32).optional(),
});

let keys: Promise<JwtKeys> | undefined;

const encode = (s: string) => new TextEncoder().encode(s);

const load = async (): Promise<JwtKeys> => {
  const cfg = config();
  if (cfg.JWT_SECRET && cfg.JWT_REFRESH_SECRET) {
    return { access: encode(cfg.JWT_SECRET), refresh: encode(cfg.JWT_REFRESH_SECRET) };
  }
  if (!cfg.JWT_SECRET_ARN)
    throw new Error('Invalid environment: JWT_SECRET and JWT_REFRESH_SECRET, or JWT_SECRET_ARN, are required');
  const client = new SecretsManagerClient({ region: cfg.AWS_REGION });
  const out = await client.send(new GetSecretValueCommand({ SecretId: cfg.JWT_SECRET_ARN }));
  const parsed = secretJson.parse(JSON.parse(out.SecretString ?? '{}'));
  return {
    access: encode(parsed.accessSecret),
    refresh: encode(parsed.refreshSecret),
    ...(parsed.originSecret ? { origin: parsed.originSecret } : {}),
  };
};

export const jwtKeys = (): Promise<JwtKeys> => {
  keys ??= load().catch((error) => {
    keys = undefined;
    throw error;
  });
  return keys;
};

/** The CloudFront origin secret, read with the keys (one secret, one read per cold start); undefined locally. */
export const originSecret = async (): Promise<string | undefined> => {
  if (config().RUNTIME === 'local') return undefined;
  return (await jwtKeys()).origin;
};

export const resetJwtKeys = (): void => {
  keys = undefined;
};

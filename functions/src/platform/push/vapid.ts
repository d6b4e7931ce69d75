/**
 * The deployment's VAPID key pair, derived from one secret string: given in the environment locally (the local
 * runtime keeps it in the data folder), read once per cold start from Secrets Manager in AWS (VAPID_SECRET_ARN).
 * Undefined when neither is set: push notifications are then off and the web app does not offer them.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from '../config.ts';
import { vapidKeysFromSecret, type VapidKeys } from './web-push.ts';

/** The secret read from Secrets Manager, once per cold start (a failed read is tried again next time). */
let stored: Promise<string | undefined> | undefined;

const load = async (arn: string): Promise<string | undefined> => {
  const client = new SecretsManagerClient({ region: config().AWS_REGION });
  const out = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  return out.SecretString?.trim() || undefined;
};

const secret = (): Promise<string | undefined> => {
  const cfg = config();
  if (cfg.VAPID_SECRET) return Promise.resolve(cfg.VAPID_SECRET);
  if (!cfg.VAPID_SECRET_ARN) return Promise.resolve(undefined);
  stored ??= load(cfg.VAPID_SECRET_ARN).catch((error: unknown) => {
    stored = undefined;
    throw error;
  });
  return stored;
};

/** The key pair of the configured secret (derived on each call: a hash and a point multiplication). */
export const vapidKeys = async (): Promise<VapidKeys | undefined> => {
  const value = await secret();
  return value ? vapidKeysFromSecret(value) : undefined;
};

/** Who the push services may contact about our pushes: VAPID_SUBJECT, else the address mail is sent from. */
export const vapidSubject = (): string => config().VAPID_SUBJECT ?? `mailto:${config().MAIL_FROM}`;

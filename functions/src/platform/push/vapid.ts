/**
 * The deployment's VAPID key pair, derived from one secret string: given in the environment locally (the local
 * runtime keeps it in the data folder), read once per cold start from Secrets Manager in AWS (VAPID_SECRET_ARN).
 * Undefined when neither is set: push notifications are then off and the web app does not offer them.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from '../config.ts';
import { vapidKeysFromSecret, type VapidKeys } from './web-push.ts';

let keys: Promise<VapidKeys | undefined> | undefined;
let keysOf: string | undefined;

const load = async (arn: string): Promise<VapidKeys | undefined> => {
  const client = new SecretsManagerClient({ region: config().AWS_REGION });
  const out = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  const secret = out.SecretString?.trim();
  return secret ? vapidKeysFromSecret(secret) : undefined;
};

export const vapidKeys = (): Promise<VapidKeys | undefined> => {
  const cfg = config();
  const source = cfg.VAPID_SECRET ?? cfg.VAPID_SECRET_ARN;
  // a test or the local runtime may change the environment: the pair follows its source
  if (keys && keysOf === source) return keys;
  keysOf = source;
  if (cfg.VAPID_SECRET) keys = Promise.resolve(vapidKeysFromSecret(cfg.VAPID_SECRET));
  else if (cfg.VAPID_SECRET_ARN) {
    keys = load(cfg.VAPID_SECRET_ARN).catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
  } else keys = Promise.resolve(undefined);
  return keys;
};

/** Who the push services may contact about our pushes: VAPID_SUBJECT, else the address mail is sent from. */
export const vapidSubject = (): string => config().VAPID_SUBJECT ?? `mailto:${config().MAIL_FROM}`;

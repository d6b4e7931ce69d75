/**
 * The platform Meta app's secret (it signs Messenger and Instagram webhook posts): given in the environment locally,
 * read once per cold start from Secrets Manager in AWS (META_APP_SECRET_ARN), so it never sits in the template or
 * the function's configuration. Undefined when neither is set: every post is then refused.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from './config.ts';

let secret: Promise<string | undefined> | undefined;

const load = async (arn: string): Promise<string | undefined> => {
  const cfg = config();
  const client = new SecretsManagerClient({ region: cfg.AWS_REGION });
  const out = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  return out.SecretString?.trim() || undefined;
};

export const metaAppSecret = async (): Promise<string | undefined> => {
  const cfg = config();
  if (cfg.META_APP_SECRET) return cfg.META_APP_SECRET;
  if (!cfg.META_APP_SECRET_ARN) return undefined;
  secret ??= load(cfg.META_APP_SECRET_ARN).catch((error: unknown) => {
    secret = undefined;
    throw error;
  });
  return secret;
};

/** The Meta app secret in AWS comes from Secrets Manager (the AWS SDK mock), read once per cold start. */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from './config.ts';
import { metaAppSecret } from './meta-app-secret.ts';

const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:meta-app-AbCdEf';
const saved = { ...process.env };
const secrets = mockClient(SecretsManagerClient);

beforeAll(() => {
  Object.assign(process.env, {
    RUNTIME: 'aws',
    TABLE_NAME: 't',
    WS_MANAGEMENT_ENDPOINT: 'https://ws.example.test',
    PUBLIC_URL: 'https://app.example.test',
  });
  delete process.env.META_APP_SECRET;
  delete process.env.META_APP_SECRET_ARN;
  secrets.on(GetSecretValueCommand, { SecretId: ARN }).resolves({ SecretString: 'app-secret-from-meta\n' });
});
afterAll(() => {
  process.env = saved;
  resetConfig();
  secrets.restore();
});

describe('Meta app secret', () => {
  it('is none without configuration, so every post is refused', async () => {
    resetConfig();
    expect(await metaAppSecret()).toBeUndefined();
  });

  it('is read from the secret named by META_APP_SECRET_ARN once, and the environment value wins locally', async () => {
    process.env.META_APP_SECRET_ARN = ARN;
    resetConfig();
    expect(await metaAppSecret()).toBe('app-secret-from-meta');
    expect(await metaAppSecret()).toBe('app-secret-from-meta');
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    process.env.META_APP_SECRET = 'local-secret';
    resetConfig();
    expect(await metaAppSecret()).toBe('local-secret');
  });
});

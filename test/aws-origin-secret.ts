/**
 * Unit tests of what a function does in AWS behind CloudFront: the environment of an AWS function, and the JWT
 * secret (with CloudFront's origin secret) answered by a Secrets Manager mock. Registers its own set-up and clean-up.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll } from 'vitest';
import { resetJwtKeys } from '../functions/src/platform/auth/secrets.ts';
import { resetConfig } from '../functions/src/platform/config.ts';

export const ORIGIN_SECRET = 'origin-secret-0123456789abcdefghijklmnopqrstuv';

export const useAwsOriginSecret = (): void => {
  const saved = { ...process.env };
  const secrets = mockClient(SecretsManagerClient);
  beforeAll(() => {
    Object.assign(process.env, {
      RUNTIME: 'aws',
      TABLE_NAME: 't',
      WS_MANAGEMENT_ENDPOINT: 'https://ws.example.test',
      PUBLIC_URL: 'https://app.example.test',
      JWT_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:jwt',
    });
    delete process.env.JWT_SECRET;
    delete process.env.JWT_REFRESH_SECRET;
    resetConfig();
    resetJwtKeys();
    secrets.on(GetSecretValueCommand).resolves({
      SecretString: JSON.stringify({ accessSecret: 'a'.repeat(40), refreshSecret: 'r'.repeat(40), originSecret: ORIGIN_SECRET }),
    });
  });
  afterAll(() => {
    process.env = saved;
    resetConfig();
    resetJwtKeys();
    secrets.restore();
  });
};

import { SecretValue } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from '../nag.ts';

/**
 * The JWT signing keys and CloudFront's origin secret as one secret `{ accessSecret, refreshSecret, originSecret }`. Secrets Manager generates only one
 * value per secret, so two generated key secrets feed the JSON one through CloudFormation dynamic
 * references: no key ever appears in the template, and the functions read a single ARN.
 * Unlike the data key these secrets go with the stack (the default removal policy): nothing stored is sealed with
 * them, so new keys only sign agents and web chat visitors out and void open page cursors.
 */
export class JwtSecret extends Construct {
  readonly secret: secretsmanager.Secret;
  /** the value CloudFront sends in its origin header, so the API knows a request came through it */
  readonly originKey: secretsmanager.Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const generated = (keyId: string) =>
      new secretsmanager.Secret(this, keyId, {
        description: `Switchboard JWT ${keyId} (source of the JwtSecret JSON)`,
        // punctuation excluded so the value embeds into JSON unescaped
        generateSecretString: { passwordLength: 64, excludePunctuation: true },
      });
    const access = generated('AccessKey');
    const refresh = generated('RefreshKey');
    this.originKey = generated('OriginKey');

    this.secret = new secretsmanager.Secret(this, 'Secret', {
      description: 'Switchboard JWT signing keys: JSON { accessSecret, refreshSecret }',
      secretObjectValue: {
        accessSecret: SecretValue.secretsManager(access.secretArn),
        refreshSecret: SecretValue.secretsManager(refresh.secretArn),
        originSecret: SecretValue.secretsManager(this.originKey.secretArn),
      },
    });

    acknowledge(
      this,
      'Rotating JWT signing keys ends every session; it is done deliberately (replace the key secrets and redeploy), not on a timer.',
      'AwsSolutions-SMG4',
    );
  }
}

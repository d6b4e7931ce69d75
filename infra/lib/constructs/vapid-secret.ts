import { RemovalPolicy } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from '../nag.ts';

/**
 * The secret the Web Push (VAPID) key pair is derived from (functions/src/platform/push/vapid.ts): a generated value
 * read by the functions that hand out the public key or sign pushes. Kept when the stack is deleted or the secret
 * replaced: a new key pair voids every browser's push subscription.
 */
export class VapidSecret extends Construct {
  readonly secret: secretsmanager.Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new secretsmanager.Secret(this, 'Secret', {
      description: 'Switchboard Web Push: the secret the VAPID key pair is derived from',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this,
      "Rotating the VAPID secret voids every browser's push subscription; it is replaced deliberately, not on a timer.",
      'AwsSolutions-SMG4',
    );
  }
}

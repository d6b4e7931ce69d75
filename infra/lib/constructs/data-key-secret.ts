import { RemovalPolicy } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from '../nag.ts';

/**
 * The data key companies' secrets (an AI prompt's keys, Dialogflow credentials, Meta's tokens and app secrets) are
 * sealed with: a generated value read by the functions whose code seals or opens them
 * (functions/src/platform/crypto/secret-box.ts derives the AES key).
 * It is kept when the stack is deleted or the secret replaced, as the table is: without it the sealed keys in the
 * table cannot be read.
 */
export class DataKeySecret extends Construct {
  readonly secret: secretsmanager.Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new secretsmanager.Secret(this, 'Secret', {
      description: "Switchboard data key: seals companies' API keys stored in the table",
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this,
      'Rotating the data key would leave every sealed key unreadable; it is replaced only with a re-seal of the stored keys.',
      'AwsSolutions-SMG4',
    );
  }
}

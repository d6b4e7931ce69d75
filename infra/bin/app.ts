import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { EdgeWafStack } from '../lib/stacks/edge-waf-stack.ts';
import { SwitchboardStack } from '../lib/stacks/switchboard-stack.ts';

const app = new App();

const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION;

new SwitchboardStack(app, 'Switchboard', {
  // env-agnostic without credentials, so `cdk synth` works anywhere
  env: account && region ? { account, region } : undefined,
  // `-c switchboard:bundling=false` synthesises placeholder code instead of esbuild bundles
  bundling: String(app.node.tryGetContext('switchboard:bundling') ?? 'true') !== 'false',
  // unset in cdk.json, so the sender is the MailFrom parameter the README's deploy command passes;
  // `-c switchboard:mailFrom=<address>` writes one into the template instead (and the template has no MailFrom)
  mailFrom: app.node.tryGetContext('switchboard:mailFrom'),
  // `-c switchboard:webDistPath=<folder>` publishes another web build than web/dist
  webDistPath: app.node.tryGetContext('switchboard:webDistPath'),
  // `-c switchboard:apiGatewayAccount=false` leaves the account-wide API Gateway logging setting alone
  manageApiGatewayAccount: String(app.node.tryGetContext('switchboard:apiGatewayAccount') ?? 'true') !== 'false',
  description: 'Switchboard: multi-tenant customer-service inbox',
});

// the CloudFront web ACL: always in us-east-1 (`npx cdk deploy SwitchboardEdge`), its ARN given to Switchboard
new EdgeWafStack(app, 'SwitchboardEdge', {
  env: { account, region: 'us-east-1' },
  description: 'Switchboard: CloudFront web ACL (rate limits in front of sign-in and the web chat API)',
});

// cdk-nag v3 is a CDK validation plugin (not an Aspect): unacknowledged findings fail the synth
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));

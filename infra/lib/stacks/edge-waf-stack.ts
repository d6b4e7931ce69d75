import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/** Requests per client address in any 5 minutes (WAF's window) that each rate rule lets through. */
export const WAF_LIMITS = {
  signIn: 100,
  webchat: 600,
  api: 3000,
} as const;

/**
 * The CloudFront web ACL. A web ACL for CloudFront must live in us-east-1, so it is a stack of its own
 * (`SwitchboardEdge`, deployed there) whose ARN the main stack takes as its WebAclArn parameter (README).
 * Rate-based rules block a client address that floods sign-in, the public web chat API or the API as a whole;
 * AWS's known bad inputs rules screen the rest.
 */
export class EdgeWafStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: StackProps = {}) {
    super(scope, id, props);
    const visibility = (name: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: name });
    const pathStarts = (prefix: string): wafv2.CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: prefix,
        textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
      },
    });
    const rateRule = (name: string, priority: number, limit: number, scope?: wafv2.CfnWebACL.StatementProperty): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: { block: {} },
      statement: { rateBasedStatement: { limit, aggregateKeyType: 'IP', ...(scope ? { scopeDownStatement: scope } : {}) } },
      visibilityConfig: visibility(name),
    });
    const managed = (name: string, priority: number): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
      visibilityConfig: visibility(name),
    });

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('switchboard-edge'),
      rules: [
        rateRule('sign-in-rate', 0, WAF_LIMITS.signIn, pathStarts('/api/auth/')),
        rateRule('webchat-rate', 1, WAF_LIMITS.webchat, pathStarts('/api/webchat/')),
        rateRule('api-rate', 2, WAF_LIMITS.api, pathStarts('/api/')),
        // (not the common rule set: its 8 KB body limit would block contact imports and long messages)
        managed('AWSManagedRulesKnownBadInputsRuleSet', 3),
      ],
    });
    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn, description: 'Pass to the Switchboard stack: --parameters WebAclArn=<this>' });
  }
}

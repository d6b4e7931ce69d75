import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { API_PREFIX, routeEntry, routeTable, type RouteId } from '@switchboard/shared/route-table';

/** Requests per client address in any 5 minutes (WAF's window) that each rate rule lets through. */
export const WAF_LIMITS = {
  signIn: 100,
  webchat: 600,
  api: 3000,
} as const;

/**
 * The public calls a password guesser or a mail bomber repeats: sign-in, sign-up and the password mails. Token
 * refresh and socket tickets are not among them: a signed-in browser makes them all day.
 */
export const SIGN_IN_ROUTES: readonly RouteId[] = ['auth.login', 'auth.signup', 'auth.forgot-password', 'auth.reset-password'];

/**
 * Routes no rate rule counts, the route table's webhooks: Meta's and the Pix provider's come from few addresses in
 * bursts (a campaign's delivery receipts, a day's payments), are signed, and are retried by their senders when
 * refused. Only their own paths are exempt: any other path under `/webhooks/` counts like the rest of the API.
 */
export const RATE_EXEMPT_ROUTES: readonly RouteId[] = routeTable.filter((r) => r.path.startsWith('/webhooks/')).map((r) => r.id);

/**
 * The viewer paths of a route and no other, as API Gateway matches them (case-sensitive): the exact path, or a
 * pattern where each parameter is one path segment.
 */
export const routeExactMatch = (id: RouteId): { exactly: string } | { regex: string } => {
  const path = `${API_PREFIX}${routeEntry(id).path}`;
  if (!path.includes('{')) return { exactly: path };
  const pattern = path
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return { regex: `^${pattern}$` };
};

/** The viewer paths of a route: the exact path, or everything under its fixed part when it has parameters. */
export const routePathMatch = (id: RouteId): { positionalConstraint: 'EXACTLY' | 'STARTS_WITH'; searchString: string } => {
  const path = `${API_PREFIX}${routeEntry(id).path}`;
  const parameter = path.indexOf('{');
  return parameter < 0
    ? { positionalConstraint: 'EXACTLY', searchString: path }
    : { positionalConstraint: 'STARTS_WITH', searchString: path.slice(0, parameter) };
};

/**
 * The CloudFront web ACL. A web ACL for CloudFront must live in us-east-1, so it is a stack of its own
 * (`SwitchboardEdge`, deployed there) whose ARN the main stack takes as its WebAclArn parameter (README).
 * Rate-based rules block a client address that floods sign-in, the public web chat API or the API as a whole
 * (providers' webhooks excepted); AWS's known bad inputs rules screen the rest.
 */
export class EdgeWafStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: StackProps = {}) {
    super(scope, id, props);
    const visibility = (name: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: name });
    const pathMatch = (
      positionalConstraint: 'EXACTLY' | 'STARTS_WITH',
      searchString: string,
    ): wafv2.CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint,
        searchString,
        textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
      },
    });
    const pathStarts = (prefix: string) => pathMatch('STARTS_WITH', prefix);
    const signIn: wafv2.CfnWebACL.StatementProperty = {
      orStatement: {
        statements: SIGN_IN_ROUTES.map((id) => {
          const match = routePathMatch(id);
          return pathMatch(match.positionalConstraint, match.searchString);
        }),
      },
    };
    const exemptPaths = [
      ...new Map(RATE_EXEMPT_ROUTES.map((id) => [JSON.stringify(routeExactMatch(id)), routeExactMatch(id)])).values(),
    ].map((match): wafv2.CfnWebACL.StatementProperty =>
      'exactly' in match
        ? {
            byteMatchStatement: {
              fieldToMatch: { uriPath: {} },
              positionalConstraint: 'EXACTLY',
              searchString: match.exactly,
              textTransformations: [{ priority: 0, type: 'NONE' }],
            },
          }
        : {
            regexMatchStatement: {
              fieldToMatch: { uriPath: {} },
              regexString: match.regex,
              textTransformations: [{ priority: 0, type: 'NONE' }],
            },
          },
    );
    const webhooks: wafv2.CfnWebACL.StatementProperty =
      exemptPaths.length === 1 ? exemptPaths[0]! : { orStatement: { statements: exemptPaths } };
    const apiButWebhooks: wafv2.CfnWebACL.StatementProperty = {
      andStatement: { statements: [pathStarts(`${API_PREFIX}/`), { notStatement: { statement: webhooks } }] },
    };
    const rateRule = (
      name: string,
      priority: number,
      limit: number,
      scope?: wafv2.CfnWebACL.StatementProperty,
    ): wafv2.CfnWebACL.RuleProperty => ({
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
        rateRule('sign-in-rate', 0, WAF_LIMITS.signIn, signIn),
        rateRule('webchat-rate', 1, WAF_LIMITS.webchat, pathStarts(`${API_PREFIX}/webchat/`)),
        rateRule('api-rate', 2, WAF_LIMITS.api, apiButWebhooks),
        // (not the common rule set: its 8 KB body limit would block contact imports and long messages)
        managed('AWSManagedRulesKnownBadInputsRuleSet', 3),
      ],
    });
    new CfnOutput(this, 'WebAclArn', {
      value: this.webAcl.attrArn,
      description: 'Pass to the Switchboard stack: --parameters WebAclArn=<this>',
    });
  }
}

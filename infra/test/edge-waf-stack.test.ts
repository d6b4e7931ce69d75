import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, buildPath, routeEntry, routeTable, type RouteId } from '@switchboard/shared/route-table';
import { EdgeWafStack, RATE_EXEMPT_ROUTES, WAF_LIMITS } from '../lib/stacks/edge-waf-stack.ts';
import { buildStack, cdkJsonContext } from './synth-stack.ts';

type Statement = {
  ByteMatchStatement?: {
    PositionalConstraint: string;
    SearchString: string;
    FieldToMatch: { UriPath?: object };
    TextTransformations: { Type: string }[];
  };
  RegexMatchStatement?: { RegexString: string; FieldToMatch: { UriPath?: object }; TextTransformations: { Type: string }[] };
  AndStatement?: { Statements: Statement[] };
  OrStatement?: { Statements: Statement[] };
  NotStatement?: { Statement: Statement };
};

/** Whether a synthesised scope-down statement admits a request path, as WAF evaluates the kinds used here. */
const admits = (statement: Statement, path: string): boolean => {
  const match = statement.ByteMatchStatement;
  if (match) {
    expect(match.FieldToMatch).toEqual({ UriPath: {} });
    const value = match.TextTransformations.some((t) => t.Type === 'LOWERCASE') ? path.toLowerCase() : path;
    if (match.PositionalConstraint === 'EXACTLY') return value === match.SearchString;
    if (match.PositionalConstraint === 'STARTS_WITH') return value.startsWith(match.SearchString);
    throw new Error(`unexpected constraint ${match.PositionalConstraint}`);
  }
  const regex = statement.RegexMatchStatement;
  if (regex) {
    expect(regex.FieldToMatch).toEqual({ UriPath: {} });
    const value = regex.TextTransformations.some((t) => t.Type === 'LOWERCASE') ? path.toLowerCase() : path;
    return new RegExp(regex.RegexString).test(value);
  }
  if (statement.AndStatement) return statement.AndStatement.Statements.every((s) => admits(s, path));
  if (statement.OrStatement) return statement.OrStatement.Statements.some((s) => admits(s, path));
  if (statement.NotStatement) return !admits(statement.NotStatement.Statement, path);
  throw new Error(`unexpected statement ${JSON.stringify(statement)}`);
};

/** A viewer path of a route, its parameters filled in (keys of webhooks are `abc123`, every other one 7). */
const pathOf = (id: RouteId) => {
  const { path } = routeEntry(id);
  const params = Object.fromEntries(
    [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [
      name!,
      name === 'key' ? 'abc123' : name === 'email' ? 'ana@example.com' : '7',
    ]),
  );
  return `${API_PREFIX}${buildPath(path, params)}`;
};

describe('the CloudFront web ACL', () => {
  const app = new App({ context: cdkJsonContext() });
  const stack = new EdgeWafStack(app, 'SwitchboardEdge', { env: { account: '123456789012', region: 'us-east-1' } });
  const acl = Object.values(Template.fromStack(stack).findResources('AWS::WAFv2::WebACL'))[0]!.Properties;
  const rule = (name: string) => acl.Rules.find((r: { Name: string }) => r.Name === name);

  it('is a CloudFront ACL in us-east-1 that blocks addresses flooding sign-in and the web chat API', () => {
    expect(stack.region).toBe('us-east-1');
    expect(acl.Scope).toBe('CLOUDFRONT');
    expect(acl.DefaultAction).toEqual({ Allow: {} });
    for (const [name, limit] of [
      ['sign-in-rate', WAF_LIMITS.signIn],
      ['webchat-rate', WAF_LIMITS.webchat],
      ['api-rate', WAF_LIMITS.api],
    ] as const) {
      const statement = rule(name).Statement.RateBasedStatement;
      expect(rule(name).Action).toEqual({ Block: {} });
      expect(statement).toMatchObject({ Limit: limit, AggregateKeyType: 'IP' });
    }
    expect(rule('webchat-rate').Statement.RateBasedStatement.ScopeDownStatement.ByteMatchStatement).toMatchObject({
      SearchString: '/api/webchat/',
      PositionalConstraint: 'STARTS_WITH',
    });
    expect(admits(rule('webchat-rate').Statement.RateBasedStatement.ScopeDownStatement, pathOf('webchat.send'))).toBe(true);
  });

  it('counts sign-in, sign-up and the password mails against the sign-in limit, not token refreshes, socket tickets or profile reads', () => {
    const signIn = rule('sign-in-rate').Statement.RateBasedStatement.ScopeDownStatement;
    for (const id of ['auth.login', 'auth.signup', 'auth.forgot-password', 'auth.reset-password'] as const) {
      expect(admits(signIn, pathOf(id)), id).toBe(true);
      expect(admits(signIn, pathOf(id).toUpperCase()), id).toBe(true);
    }
    for (const id of ['auth.refresh-token', 'auth.ws-ticket', 'auth.me', 'auth.logout', 'users.list'] as const) {
      expect(admits(signIn, pathOf(id)), id).toBe(false);
    }
    expect(admits(signIn, '/api/auth/login-history')).toBe(false);
  });

  it("counts no rate rule against Meta's and the Pix provider's webhooks, and the API limit against every other route", () => {
    const rateRules = acl.Rules.filter((r: { Statement: { RateBasedStatement?: unknown } }) => r.Statement.RateBasedStatement);
    const providers = [
      'webhooks.whatsapp',
      'webhooks.whatsapp-verify',
      'webhooks.meta',
      'webhooks.meta-verify',
      'invoices.pix-webhook',
    ] as const;
    for (const id of providers) {
      for (const r of rateRules)
        expect(admits(r.Statement.RateBasedStatement.ScopeDownStatement, pathOf(id)), `${r.Name} ${id}`).toBe(false);
    }
    expect(pathOf('webhooks.whatsapp')).toBe('/api/webhooks/whatsapp/abc123');
    expect(pathOf('webhooks.meta')).toBe('/api/webhooks/meta');
    expect(pathOf('invoices.pix-webhook')).toBe('/api/webhooks/pix');
    expect([...RATE_EXEMPT_ROUTES].sort()).toEqual([...providers].sort());
    const api = rule('api-rate').Statement.RateBasedStatement.ScopeDownStatement;
    for (const route of routeTable.filter((r) => !(providers as readonly string[]).includes(r.id))) {
      expect(admits(api, pathOf(route.id)), route.id).toBe(true);
    }
  });

  it('counts the API limit against paths under /api/webhooks/ that are no webhook route', () => {
    const api = rule('api-rate').Statement.RateBasedStatement.ScopeDownStatement;
    for (const path of [
      '/api/webhooks/',
      '/api/webhooks/anything',
      '/api/webhooks/pix/extra',
      '/api/webhooks/meta/',
      '/api/webhooks/whatsapp/',
      '/api/webhooks/whatsapp/abc123/extra',
      '/api/Webhooks/meta',
      '/api/webhooks/PIX',
    ]) {
      expect(admits(api, path), path).toBe(true);
    }
  });

  it('is attached to the distribution through the WebAclArn parameter, when one is given', () => {
    const { stack: main } = buildStack();
    const template = Template.fromStack(main, { skipCyclicalDependenciesCheck: true }).toJSON();
    expect(template.Parameters.WebAclArn).toMatchObject({ Type: 'String', Default: '' });
    const distribution = Object.values(
      template.Resources as Record<string, { Type: string; Properties: { DistributionConfig: { WebACLId: unknown } } }>,
    ).find((r) => r.Type === 'AWS::CloudFront::Distribution')!;
    expect(distribution.Properties.DistributionConfig.WebACLId).toEqual({
      'Fn::If': [expect.any(String), { Ref: 'WebAclArn' }, { Ref: 'AWS::NoValue' }],
    });
  });
});

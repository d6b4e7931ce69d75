import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { EdgeWafStack, WAF_LIMITS } from '../lib/stacks/edge-waf-stack.ts';
import { buildStack, cdkJsonContext } from './synth-stack.ts';

describe('the CloudFront web ACL', () => {
  const app = new App({ context: cdkJsonContext() });
  const stack = new EdgeWafStack(app, 'SwitchboardEdge', { env: { account: '123456789012', region: 'us-east-1' } });
  const acl = Object.values(Template.fromStack(stack).findResources('AWS::WAFv2::WebACL'))[0]!.Properties;
  const rule = (name: string) => acl.Rules.find((r: { Name: string }) => r.Name === name);

  it('is a CloudFront ACL in us-east-1 that blocks addresses flooding sign-in and the web chat API', () => {
    expect(stack.region).toBe('us-east-1');
    expect(acl.Scope).toBe('CLOUDFRONT');
    expect(acl.DefaultAction).toEqual({ Allow: {} });
    for (const [name, path, limit] of [
      ['sign-in-rate', '/api/auth/', WAF_LIMITS.signIn],
      ['webchat-rate', '/api/webchat/', WAF_LIMITS.webchat],
      ['api-rate', '/api/', WAF_LIMITS.api],
    ] as const) {
      const statement = rule(name).Statement.RateBasedStatement;
      expect(rule(name).Action).toEqual({ Block: {} });
      expect(statement).toMatchObject({ Limit: limit, AggregateKeyType: 'IP' });
      expect(statement.ScopeDownStatement.ByteMatchStatement).toMatchObject({ SearchString: path, PositionalConstraint: 'STARTS_WITH' });
    }
  });

  it('is attached to the distribution through the WebAclArn parameter, when one is given', () => {
    const { stack: main } = buildStack();
    const template = Template.fromStack(main, { skipCyclicalDependenciesCheck: true }).toJSON();
    expect(template.Parameters.WebAclArn).toMatchObject({ Type: 'String', Default: '' });
    const distribution = Object.values(template.Resources as Record<string, { Type: string; Properties: { DistributionConfig: { WebACLId: unknown } } }>).find(
      (r) => r.Type === 'AWS::CloudFront::Distribution',
    )!;
    expect(distribution.Properties.DistributionConfig.WebACLId).toEqual({ 'Fn::If': [expect.any(String), { Ref: 'WebAclArn' }, { Ref: 'AWS::NoValue' }] });
  });
});

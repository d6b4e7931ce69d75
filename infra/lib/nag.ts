import { Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag v3 acknowledges through CDK's Validations, one exact finding id at a time
 * (e.g. `AwsSolutions-IAM5[Resource::*]`); an acknowledgement covers the construct and its children.
 */
export const acknowledge = (scope: IConstruct, reason: string, ...ids: string[]): void =>
  Validations.of(scope).acknowledge(...ids.map((id) => ({ id, reason })));

/**
 * The id cdk-nag gives a wildcard resource in an IAM policy, e.g. `AwsSolutions-IAM5[Resource::<Table.Arn>/index/*]`,
 * computed from the same token the grant used, so acknowledgements follow logical ids and environments.
 */
export const wildcardResourceFinding = (scope: IConstruct, resource: string): string =>
  `AwsSolutions-IAM5[Resource::${flatten(Stack.of(scope).resolve(resource))}]`;

/** The id cdk-nag gives an AWS managed policy attached to a role: `AwsSolutions-IAM4[Policy::<arn>]`. */
export const managedPolicyFinding = (scope: IConstruct, policyArn: string): string =>
  `AwsSolutions-IAM4[Policy::${flatten(Stack.of(scope).resolve(policyArn))}]`;

/** cdk-nag's rendering of CloudFormation intrinsics: Ref -> <Id>, GetAtt -> <Id.Attr>, Join -> joined parts. */
const flatten = (node: unknown): string => {
  if (node === undefined) return '';
  if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/\}/g, '>');
  const value = node as Record<string, unknown>;
  if (value['Fn::Join']) {
    const [delimiter, items] = value['Fn::Join'] as [string, unknown[]];
    return items.map(flatten).join(delimiter);
  }
  if (value['Fn::Sub']) return flatten(value['Fn::Sub']);
  if (value['Fn::GetAtt']) {
    const [resource, attribute] = value['Fn::GetAtt'] as [unknown, unknown];
    return `<${flatten(resource)}.${flatten(attribute)}>`;
  }
  if (value['Fn::ImportValue']) return flatten(value['Fn::ImportValue']);
  if (value.Ref) return `<${flatten(value.Ref)}>`;
  return JSON.stringify(node);
};

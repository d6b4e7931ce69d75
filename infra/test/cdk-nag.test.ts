import { Validations } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { buildStack, fakeWebDist } from './synth-stack.ts';

/**
 * cdk-nag v3 is a CDK validation plugin: findings do not become Annotations. The app-level plugin makes
 * synth throw on unacknowledged errors (as `cdk synth` fails), and validateScope lists every remaining
 * finding, warnings included.
 */
const check = (webDistPath?: string) => {
  const { app, stack } = buildStack(webDistPath ? { webDistPath } : {});
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  expect(() => app.synth()).not.toThrow();
  // CDK's own construct warnings (e.g. settings that have no effect) count as findings too
  const annotations = Annotations.fromStack(stack);
  expect([...annotations.findError('*', Match.anyValue()), ...annotations.findWarning('*', Match.anyValue())]).toEqual([]);
  const report = new AwsSolutionsChecks().validateScope(stack);
  return report.violations.map(
    (v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`,
  );
};

describe('cdk-nag AwsSolutions', () => {
  it('reports no unacknowledged errors or warnings', () => {
    expect(check()).toEqual([]);
  });

  it('reports none with the web build deployment either', () => {
    expect(check(fakeWebDist())).toEqual([]);
  });
});

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, type CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { repoRoot } from '../lib/repo-paths.ts';
import { SwitchboardStack, type SwitchboardStackProps } from '../lib/stacks/switchboard-stack.ts';

/** The context (feature flags) of cdk.json, so tests synthesise what `cdk synth` does. */
export const cdkJsonContext = (): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')).context;

/** A fake web build shaped as Vite writes one (a chunk beside its source map), to exercise the BucketDeployment branch. */
export const fakeWebDist = (head = ''): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'switchboard-web-'));
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>Switchboard</title>${head}`);
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1);\n//# sourceMappingURL=index-abc123.js.map\n');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["../src/main.tsx"],"mappings":""}');
  return dir;
};

/** App + stack without esbuild (placeholder code) and, unless given, without a web deployment. */
export const buildStack = (props: SwitchboardStackProps = {}) => {
  const app = new App({ context: cdkJsonContext(), outdir: mkdtempSync(path.join(tmpdir(), 'switchboard-cdk-')) });
  const stack = new SwitchboardStack(app, 'Switchboard', {
    bundling: false,
    webDistPath: false,
    ...props,
  });
  return { app, stack };
};

export const logicalId = (construct: IConstruct): string => {
  const stack = SwitchboardStack.of(construct);
  return stack.resolve(stack.getLogicalId((construct.node.defaultChild ?? construct) as CfnElement));
};

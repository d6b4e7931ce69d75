import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../lib/repo-paths.ts';
import { fakeWebDist } from './synth-stack.ts';

type Template = { Parameters?: Record<string, { Type: string; Default?: unknown }>; Resources: Record<string, { Type: string }> };

/**
 * The app as `cdk synth` builds it: the CDK CLI runs infra/bin/app.ts with the context of the cdk.json we ship. Only
 * two things differ from a release: placeholder function code instead of esbuild bundles (the templates differ only in
 * where the code is) and a small fake web build instead of web/dist (which these tests do not require to be built).
 */
let outdir: string;
let templateFiles: string[];

beforeAll(() => {
  outdir = mkdtempSync(path.join(tmpdir(), 'switchboard-synth-'));
  const synth = spawnSync(
    path.join(repoRoot, 'node_modules', '.bin', 'cdk'),
    [
      'synth',
      '--quiet',
      '--no-notices',
      '--output',
      outdir,
      '-c',
      'switchboard:bundling=false',
      '-c',
      `switchboard:webDistPath=${fakeWebDist()}`,
    ],
    { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true' } },
  );
  if (synth.status !== 0)
    throw new Error(`cdk synth failed (${synth.status ?? synth.error?.message}):\n${synth.stdout}\n${synth.stderr}`);
  templateFiles = readdirSync(outdir).filter((f) => f.endsWith('.template.json'));
}, 180_000);

// the assembly holds the BucketDeployment handler's bundle: tens of megabytes per run
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const template = (stackName: string): Template =>
  JSON.parse(readFileSync(path.join(outdir, `${stackName}.template.json`), 'utf8'));

/** Each `--parameters [Stack:]Name=` of the README's commands, with the stack that command deploys. */
const readmeParameters = (): { stack: string; name: string; command: string }[] => {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const scripts = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts;
  const found: { stack: string; name: string; command: string }[] = [];
  for (const [, command] of readme.matchAll(/`([^`]*--parameters[^`]*)`/g)) {
    // `npm run deploy` deploys the stacks its script names
    const expanded = command!.replace(/npm run deploy\b/, scripts.deploy ?? '');
    const deployed = /cdk deploy ([\w-]+)/.exec(expanded)?.[1];
    for (const [, stack, name] of command!.matchAll(/--parameters\s+(?:([\w-]+):)?(\w+)=/g)) {
      const target = stack ?? deployed;
      if (!target) throw new Error(`The README passes --parameters ${name} to no named stack: ${command}`);
      found.push({ stack: target, name: name!, command: command! });
    }
  }
  return found;
};

describe('the app as `cdk synth` builds it with the shipped cdk.json', () => {
  it('has every parameter the README passes at deploy, in the stack it is passed to', () => {
    const passed = readmeParameters();
    expect(passed.map((p) => p.name)).toEqual(expect.arrayContaining(['MailFrom', 'WebAclArn', 'AlarmEmail']));
    for (const { stack, name, command } of passed) {
      expect(template(stack).Parameters ?? {}, `${command}: ${stack} has no parameter ${name}`).toHaveProperty(name);
    }
  });

  it('needs at deploy no parameter the README does not say how to pass', () => {
    const passed = readmeParameters();
    for (const stack of ['Switchboard', 'SwitchboardEdge']) {
      const required = Object.entries(template(stack).Parameters ?? {})
        .filter(([, p]) => p.Default === undefined)
        .map(([name]) => name);
      expect(
        required.filter((name) => !passed.some((p) => p.stack === stack && p.name === name)),
        stack,
      ).toEqual([]);
    }
  });

  it('passes cfn-lint on every template, nested ones included: no error, and no warning .cfnlintrc does not list', () => {
    expect(templateFiles).toEqual(expect.arrayContaining(['Switchboard.template.json', 'SwitchboardEdge.template.json']));
    expect(templateFiles.some((f) => f.endsWith('.nested.template.json'))).toBe(true);
    const lint = spawnSync(
      'cfn-lint',
      [
        '--config-file',
        path.join(repoRoot, '.cfnlintrc'),
        '--format',
        'parseable',
        '--',
        ...templateFiles.map((f) => path.join(outdir, f)),
      ],
      {
        cwd: repoRoot,
        encoding: 'utf8',
      },
    );
    if (lint.error)
      throw new Error(
        `cfn-lint could not run (${lint.error.message}): install it (the Python package cfn-lint) and put it on PATH`,
      );
    // exit status: 0 clean, otherwise a bit mask of 2 errors, 4 warnings, 8 informational findings (1: cfn-lint failed)
    expect(`${lint.stdout}${lint.stderr}`).toBe('');
    expect(lint.status).toBe(0);
  });
});

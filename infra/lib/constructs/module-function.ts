import { existsSync } from 'node:fs';
import path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { ModuleUses } from '../module-access.ts';
import { acknowledge, wildcardResourceFinding } from '../nag.ts';
import { grantPortUses, type PortAccess } from '../port-grants.ts';
import { lambdaEntryPath, lockFilePath, repoRoot } from '../repo-paths.ts';

/** What every module function may touch; granted the same way to all of them. */
/**
 * How every module function is bundled. The AWS SDK is bundled too, at the versions of our lockfile: the copy
 * the Lambda runtime ships changes under us without notice, and the code is tested against ours.
 */
export const FUNCTION_BUNDLING = {
  forceDockerBundling: false,
  format: OutputFormat.ESM,
  target: 'node22',
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  externalModules: [],
  // CommonJS dependencies inside an ESM bundle still call require()
  banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
};

export interface ModuleFunctionAccess extends PortAccess {
  jwtSecret: ISecret;
  /** what the module's code reaches (module-access.ts): each grant (port-grants.ts) is given only for what it uses */
  uses: ModuleUses;
}

export interface ModuleFunctionProps {
  /** module name: functions/src/modules/<module>/<module>.lambda.ts */
  module: string;
  /** false: inline placeholder code instead of esbuild, so unit tests and early synths run fast */
  bundling: boolean;
  environment: Record<string, string>;
  access: ModuleFunctionAccess;
}

export const FUNCTION_DEFAULTS = {
  runtime: lambda.Runtime.NODEJS_22_X,
  architecture: lambda.Architecture.ARM_64,
  // scrypt password hashing is CPU bound and Lambda CPU scales with memory
  memorySize: 1024,
  // API Gateway cuts HTTP integrations at 29-30 s; queue visibility timeouts are set above this
  timeout: Duration.seconds(30),
  logRetention: logs.RetentionDays.ONE_MONTH,
} as const;

/** One Lambda per domain module, all with the same runtime settings, bundling and least-privilege grants. */
export class ModuleFunction extends Construct {
  readonly function: lambda.Function;
  readonly module: string;

  constructor(scope: Construct, id: string, props: ModuleFunctionProps) {
    super(scope, id);
    this.module = props.module;
    const { access } = props;

    const logGroup = new logs.LogGroup(this, 'LogGroup', {
      retention: FUNCTION_DEFAULTS.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // own role that writes to its own log group only; AWSLambdaBasicExecutionRole would allow every log group
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Switchboard ${props.module} module function`,
    });
    logGroup.grantWrite(role);

    const common = {
      runtime: FUNCTION_DEFAULTS.runtime,
      architecture: FUNCTION_DEFAULTS.architecture,
      memorySize: FUNCTION_DEFAULTS.memorySize,
      timeout: FUNCTION_DEFAULTS.timeout,
      tracing: lambda.Tracing.ACTIVE,
      logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      role,
      environment: props.environment,
      description: `Switchboard module ${props.module}`,
    };

    if (props.bundling) {
      const entry = lambdaEntryPath(props.module);
      if (!existsSync(entry)) {
        throw new Error(
          `Lambda entry of module "${props.module}" not found: ${path.relative(repoRoot, entry)} (it must export \`handler\`)`,
        );
      }
      this.function = new NodejsFunction(this, 'Function', {
        ...common,
        entry,
        handler: 'handler',
        projectRoot: repoRoot,
        depsLockFilePath: lockFilePath,
        bundling: FUNCTION_BUNDLING,
      });
    } else {
      this.function = new lambda.Function(this, 'Function', {
        ...common,
        handler: 'index.handler',
        code: lambda.Code.fromInline(
          `exports.handler = async () => { throw new Error('placeholder for module ${props.module}: synthesised without bundling'); };`,
        ),
      });
    }

    const fn = this.function;
    const wildcards = grantPortUses(this, role, `Module ${props.module}`, access, access.uses);
    access.jwtSecret.grantRead(fn);

    acknowledge(
      role,
      'Wildcards stay inside this stack: indexes of our table, connections of our WebSocket stage (ids are runtime values), schedules of our group (one per job), objects of the media bucket (keys per upload), and X-Ray, which has no resource-level permissions.',
      'AwsSolutions-IAM5[Resource::*]',
      ...wildcards.map((r) => wildcardResourceFinding(this, r)),
    );
    acknowledge(
      fn,
      'nodejs22.x is the agreed runtime (same major as the connector image); all functions move to the next LTS together.',
      'AwsSolutions-L1',
    );
  }
}

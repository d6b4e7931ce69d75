import { existsSync } from 'node:fs';
import path from 'node:path';
import { Duration, Fn, RemovalPolicy, Stack, Token } from 'aws-cdk-lib';
import type { WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { QueueName } from '../function-modules.ts';
import type { ModuleUses } from '../module-access.ts';
import { acknowledge, wildcardResourceFinding } from '../nag.ts';
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

export interface ModuleFunctionAccess {
  table: ITableV2;
  jwtSecret: ISecret;
  /** every queue by name; the function may send to those its code sends to (consumers get receive/delete from their event source) */
  queues: Partial<Record<QueueName, IQueue>>;
  /** what the module's code reaches (module-access.ts): each grant below is given only for what it uses */
  uses: ModuleUses;
  schedulerGroupName: string;
  schedulerRole: iam.IRole;
  webSocketStage: WebSocketStage;
  mediaBucket: IBucket;
  /** sender address of e-mails (password reset); SES permission is scoped to it and its domain */
  mailFrom: string;
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
    const stack = Stack.of(this);

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
    const { uses } = access;
    // items and indexes of our table; Scan and stream reads only where the code has them
    const tableActions = [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:ConditionCheckItem',
      'dynamodb:DescribeTable',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
      ...(uses.scan ? ['dynamodb:Scan'] : []),
    ];
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: tableActions, resources: [access.table.tableArn, `${access.table.tableArn}/index/*`] }));
    access.jwtSecret.grantRead(fn);
    for (const name of uses.queues) {
      const queue = access.queues[name];
      if (!queue) throw new Error(`Module ${props.module} sends to queue ${name}, which the stack does not have`);
      queue.grantSendMessages(fn);
    }
    const wildcards: string[] = [`${access.table.tableArn}/index/*`];

    if (uses.sockets) {
      // push to, inspect and close connections of our stage; connection ids are runtime values
      const connections = stack.formatArn({
        service: 'execute-api',
        resource: access.webSocketStage.api.apiId,
        resourceName: `${access.webSocketStage.stageName}/*/@connections/*`,
      });
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [connections] }));
      wildcards.push(connections);
    }

    if (uses.scheduler) {
      // one-time schedules in our group only (update: scheduling a name again replaces it), and the only
      // role they may pass is the scheduler's
      const schedules = stack.formatArn({
        service: 'scheduler',
        resource: 'schedule',
        resourceName: `${access.schedulerGroupName}/*`,
      });
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'],
          resources: [schedules],
        }),
      );
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['iam:PassRole'],
          resources: [access.schedulerRole.roleArn],
          conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
        }),
      );
      wildcards.push(schedules);
    }

    if (uses.media) {
      // presigned uploads and downloads are signed with this role: objects only, no listing or deleting
      const mediaObjects = access.mediaBucket.arnForObjects('*');
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject'], resources: [mediaObjects] }));
      wildcards.push(mediaObjects);
    }
    if (uses.mediaPurge) {
      // the purge job alone lists and deletes: a deleted company's files go by their prefix
      const mediaObjects = access.mediaBucket.arnForObjects('*');
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [access.mediaBucket.bucketArn] }));
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:DeleteObject'], resources: [mediaObjects] }));
    }

    if (uses.mail) {
      // the address may be a deploy-time parameter: its domain is cut out in CloudFormation
      const mailDomain = Token.isUnresolved(access.mailFrom) ? Fn.select(1, Fn.split('@', access.mailFrom)) : (access.mailFrom.split('@')[1] ?? access.mailFrom);
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['ses:SendEmail', 'ses:SendRawEmail'],
          resources: [access.mailFrom, mailDomain].map((identity) =>
            stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
          ),
        }),
      );
    }

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

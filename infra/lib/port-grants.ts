/**
 * The grants and environment a piece of code needs for what it reaches (module-access.ts), given the same way to a
 * module function's role and to the connector's task role: both run the platform's services, so what their code
 * calls decides what they may call, and nothing is written by hand for one of them.
 */
import { Fn, Stack, Token } from 'aws-cdk-lib';
import type { WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { QueueName } from './function-modules.ts';
import type { ModuleUses } from './module-access.ts';

export interface PortAccess {
  table: ITableV2;
  /** every queue by name; the code may send to those it sends to (consumers get receive/delete from their source) */
  queues: Partial<Record<QueueName, IQueue>>;
  schedulerGroupName: string;
  schedulerRole: iam.IRole;
  webSocketStage: WebSocketStage;
  mediaBucket: IBucket;
  /** sender address of e-mails (password reset); SES permission is scoped to it and its domain */
  mailFrom: string;
}

/**
 * Adds to `role` what `uses` needs, each grant only for what is used. `who` names the code in errors. Answers the
 * wildcard resources granted (all inside this stack), for the cdk-nag acknowledgement of the caller.
 */
export const grantPortUses = (scope: Construct, role: iam.IRole, who: string, access: PortAccess, uses: ModuleUses): string[] => {
  const stack = Stack.of(scope);
  const allow = (actions: string[], resources: string[], conditions?: Record<string, unknown>) =>
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions, resources, ...(conditions ? { conditions } : {}) }));

  // items and indexes of our table; Scan only where the code has it
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
  allow(tableActions, [access.table.tableArn, `${access.table.tableArn}/index/*`]);
  for (const name of uses.queues) {
    const queue = access.queues[name];
    if (!queue) throw new Error(`${who} sends to queue ${name}, which the stack does not have`);
    queue.grantSendMessages(role);
  }
  const wildcards: string[] = [`${access.table.tableArn}/index/*`];

  if (uses.sockets) {
    // push to, inspect and close connections of our stage; connection ids are runtime values
    const connections = stack.formatArn({
      service: 'execute-api',
      resource: access.webSocketStage.api.apiId,
      resourceName: `${access.webSocketStage.stageName}/*/@connections/*`,
    });
    allow(['execute-api:ManageConnections'], [connections]);
    wildcards.push(connections);
  }

  if (uses.scheduler) {
    // one-time schedules in our group only (update: scheduling a name again replaces it), and the only role they
    // may pass is the scheduler's
    const schedules = stack.formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${access.schedulerGroupName}/*`,
    });
    allow(['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'], [schedules]);
    allow(['iam:PassRole'], [access.schedulerRole.roleArn], {
      StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' },
    });
    wildcards.push(schedules);
  }

  if (uses.media) {
    // presigned uploads and downloads are signed with this role: objects only, no listing or deleting
    const mediaObjects = access.mediaBucket.arnForObjects('*');
    allow(['s3:GetObject', 's3:PutObject'], [mediaObjects]);
    wildcards.push(mediaObjects);
  }
  if (uses.mediaPurge) {
    // the purge job alone lists and deletes: a deleted company's files go by their prefix
    allow(['s3:ListBucket'], [access.mediaBucket.bucketArn]);
    allow(['s3:DeleteObject'], [access.mediaBucket.arnForObjects('*')]);
  }

  if (uses.mail) {
    // the address may be a deploy-time parameter: its domain is cut out in CloudFormation
    const mailDomain = Token.isUnresolved(access.mailFrom)
      ? Fn.select(1, Fn.split('@', access.mailFrom))
      : (access.mailFrom.split('@')[1] ?? access.mailFrom);
    allow(
      ['ses:SendEmail', 'ses:SendRawEmail'],
      [access.mailFrom, mailDomain].map((identity) =>
        stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
      ),
    );
  }
  return wildcards;
};

/** The variables each port reads (platform/ports), besides the queue URLs. */
const PORT_VARIABLES = {
  scheduler: ['SCHEDULER_GROUP', 'SCHEDULER_ROLE_ARN', 'SCHEDULER_DLQ_ARN', 'JOBS_QUEUE', 'JOBS_QUEUE_ARN'],
  media: ['MEDIA_BUCKET'],
  mail: ['MAIL_FROM'],
} as const;

/** What config() requires of every process that runs the platform's code. */
const REQUIRED_VARIABLES = ['RUNTIME', 'TABLE_NAME', 'WS_MANAGEMENT_ENDPOINT', 'PUBLIC_URL'] as const;

/**
 * Deployment settings config() defaults when unset, which every function gets from the stack's shared environment:
 * passed along when set, so the same code in the connector (its bundle holds the Graph API client) reaches the same
 * endpoints as in the functions.
 */
const SETTING_VARIABLES = ['META_GRAPH_URL'] as const;

/**
 * The part of `environment` that code with `uses` reads: what config() requires, the deployment's settings that
 * are set, the URL of every queue it sends to or consumes (`urlEnvOf` names their variables), and the variables of
 * the ports it calls.
 */
export const environmentForUses = (
  environment: Record<string, string>,
  uses: ModuleUses,
  urlEnvOf: (queue: QueueName) => string,
  consumes: readonly QueueName[] = [],
): Record<string, string> => {
  const names: string[] = [...REQUIRED_VARIABLES, ...[...new Set([...uses.queues, ...consumes])].map(urlEnvOf)];
  if (uses.scheduler) names.push(...PORT_VARIABLES.scheduler);
  if (uses.media) names.push(...PORT_VARIABLES.media);
  if (uses.mail) names.push(...PORT_VARIABLES.mail);
  const picked: Record<string, string> = {};
  for (const name of names) {
    const value = environment[name];
    if (value === undefined) throw new Error(`${name} is needed but not in the environment given`);
    picked[name] = value;
  }
  for (const name of SETTING_VARIABLES) {
    const value = environment[name];
    if (value !== undefined) picked[name] = value;
  }
  return picked;
};

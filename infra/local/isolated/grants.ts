/**
 * What an isolated function may reach, decided from its manifest entry as IAM decides from its role: the queues it
 * sends to, the scheduler, the sockets, mail, media, a table Scan, and the variables of its environment. A call the
 * entry does not grant fails with the error AWS answers (AccessDeniedException, naming the function and the action),
 * so code that works only because everything shares one process fails here, not after a deploy.
 *
 * The main thread checks the calls that cross to it (queue, scheduler, sockets); the worker installs the others at
 * start (mail, media, Scan), since those adapters run inside it.
 */
import type { FunctionManifest, SettingGroup } from '../../../functions/src/deployment/manifest.ts';
import type { BlobStore } from '../../../functions/src/platform/ports/blob-store.ts';
import type { Mailer } from '../../../functions/src/platform/ports/mailer.ts';
import { queueNames, type QueueName } from '../../../functions/src/platform/ports/queue.ts';

const ACCOUNT = '000000000000';
const REGION = 'us-east-1';

/** The error an AWS service answers a role that lacks the permission, with the shape the SDK gives it. */
export class AccessDeniedException extends Error {
  override readonly name = 'AccessDeniedException';
  readonly $fault = 'client';
  readonly $metadata = { httpStatusCode: 403 };
}

export const accessDenied = (functionName: string, action: string, resource: string): AccessDeniedException =>
  new AccessDeniedException(
    `User: arn:aws:sts::${ACCOUNT}:assumed-role/${functionName}-role/${functionName} is not authorized to perform: ${action} ` +
      `on resource: ${resource} because no identity-based policy allows the ${action} action`,
  );

/** The calls a worker makes to the main thread's adapters. */
export type PortCall =
  | { port: 'queue'; method: 'send' | 'changeVisibility'; args: unknown[] }
  | { port: 'scheduler'; method: 'schedule' | 'cancel'; args: unknown[] }
  | { port: 'sockets'; method: 'post' | 'close'; args: unknown[] };

const queueArn = (queue: string) => `arn:aws:sqs:${REGION}:${ACCOUNT}:${queue}`;
const scheduleArn = (name: unknown) => `arn:aws:scheduler:${REGION}:${ACCOUNT}:schedule/default/${String(name)}`;
const connectionArn = (id: unknown) => `arn:aws:execute-api:${REGION}:${ACCOUNT}:local/local/POST/@connections/${String(id)}`;

const isQueueName = (name: unknown): name is QueueName => (queueNames as readonly unknown[]).includes(name);

/**
 * Why `entry` may not make `call`, or undefined when it may: a send needs the queue among its `sends`, a visibility
 * change the queue it consumes, a schedule or its removal `scheduler`, a push or a close `sockets`.
 */
export const deniedPortCall = (
  functionName: string,
  entry: FunctionManifest,
  call: PortCall,
): AccessDeniedException | undefined => {
  switch (call.port) {
    case 'queue': {
      const queue = call.args[0];
      if (!isQueueName(queue))
        return accessDenied(
          functionName,
          `sqs:${call.method === 'send' ? 'SendMessage' : 'ChangeMessageVisibility'}`,
          queueArn(String(queue)),
        );
      if (call.method === 'send')
        return entry.ports.sends.includes(queue) ? undefined : accessDenied(functionName, 'sqs:SendMessage', queueArn(queue));
      // a consumer's event source mapping grants it receive, delete and visibility on its own queue only
      return entry.consumes?.queue === queue
        ? undefined
        : accessDenied(functionName, 'sqs:ChangeMessageVisibility', queueArn(queue));
    }
    case 'scheduler': {
      if (entry.ports.scheduler) return undefined;
      const name = call.method === 'schedule' ? (call.args[0] as { name?: unknown } | undefined)?.name : call.args[0];
      return accessDenied(
        functionName,
        call.method === 'schedule' ? 'scheduler:CreateSchedule' : 'scheduler:DeleteSchedule',
        scheduleArn(name),
      );
    }
    case 'sockets':
      return entry.ports.sockets
        ? undefined
        : accessDenied(functionName, 'execute-api:ManageConnections', connectionArn(call.args[0]));
  }
};

/** The variables a setting group's secrets and values live in. */
const settingVariables: Record<SettingGroup, (name: string) => boolean> = {
  pix: (name) => name.startsWith('PIX_'),
  'meta-app': (name) => name === 'META_APP_SECRET' || name === 'META_APP_SECRET_ARN' || name === 'META_VERIFY_TOKEN',
  'web-push': (name) => name.startsWith('VAPID_'),
};

/**
 * The environment of a function: the parent's, without the variables of resources its entry is not granted (the
 * data key without `dataKey`, a setting group's variables without that group), as the stack leaves them out.
 */
export const functionEnvironment = (entry: FunctionManifest, env: NodeJS.ProcessEnv): Record<string, string> => {
  const settings = new Set<SettingGroup>(entry.settings ?? []);
  const withheld = (name: string) =>
    ((name === 'DATA_KEY' || name === 'DATA_KEY_ARN') && !entry.ports.dataKey) ||
    (Object.entries(settingVariables) as [SettingGroup, (n: string) => boolean][]).some(
      ([group, has]) => !settings.has(group) && has(name),
    );
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined && !withheld(name)) out[name] = value;
  return out;
};

/** Replaces the mailer's send with a refusal when the entry lacks `mail`. */
export const guardMailer = (functionName: string, entry: FunctionManifest, mailer: Mailer): void => {
  if (entry.ports.mail) return;
  mailer.send = async () => {
    throw accessDenied(functionName, 'ses:SendEmail', `arn:aws:ses:${REGION}:${ACCOUNT}:identity/*`);
  };
};

const mediaObjects = (key: unknown) => `arn:aws:s3:::media/${String(key)}`;

/**
 * Replaces the blob store's operations with refusals where the entry lacks the grant: objects (`media`), listing and
 * removal by prefix (`mediaPurge`). Locally a presigned URL is refused when it is made; in AWS its use would be.
 */
export const guardBlobStore = (functionName: string, entry: FunctionManifest, store: BlobStore): void => {
  const refuse = (action: string) => async (key: unknown) => {
    throw accessDenied(functionName, action, mediaObjects(key));
  };
  if (!entry.ports.media) {
    Object.assign(store, {
      uploadUrl: refuse('s3:PutObject'),
      put: refuse('s3:PutObject'),
      downloadUrl: refuse('s3:GetObject'),
      read: refuse('s3:GetObject'),
      size: refuse('s3:GetObject'),
    });
  }
  if (!entry.ports.mediaPurge)
    Object.assign(store, { deletePrefix: refuse('s3:ListBucket'), prefixUsage: refuse('s3:ListBucket') });
};

/** Table commands refused without their grant: a Scan needs `scan`. */
export const deniedTableCommand = (
  functionName: string,
  entry: FunctionManifest,
  commandName: string | undefined,
  tableName: string,
) =>
  commandName === 'ScanCommand' && !entry.ports.scan
    ? accessDenied(functionName, 'dynamodb:Scan', `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/${tableName}`)
    : undefined;

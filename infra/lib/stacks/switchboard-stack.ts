import { CfnOutput, CfnParameter, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import type { ContainerImage } from 'aws-cdk-lib/aws-ecs';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Operations } from '../constructs/operations.ts';
import { connectorManifest, manifestOf } from '../../../functions/src/deployment/manifest.ts';
import { manifestGrantProblems, usesOfGrants } from '../module-access.ts';
import { environmentForUses } from '../port-grants.ts';
import type { Construct } from 'constructs';
import { AppTable } from '../constructs/app-table.ts';
import { CONNECTOR_CONSUMES, ConnectorService } from '../constructs/connector-service.ts';
import { ModuleHttpApi } from '../constructs/http-api.ts';
import { JobScheduler } from '../constructs/job-scheduler.ts';
import { JwtSecret } from '../constructs/jwt-secret.ts';
import { DataKeySecret } from '../constructs/data-key-secret.ts';
import { VapidSecret } from '../constructs/vapid-secret.ts';
import { MessageQueues, queueDefinitions } from '../constructs/message-queues.ts';
import { ModuleFunction } from '../constructs/module-function.ts';
import { RealtimeApi } from '../constructs/realtime-api.ts';
import { WebHosting } from '../constructs/web-hosting.ts';
import {
  functionModules,
  httpModules,
  missingEntries,
  pascalCase,
  queueKeyOf,
  routeManifestProblems,
  sqsConsumers,
  WEBSOCKET_MODULE,
} from '../function-modules.ts';
import { webDistPath } from '../repo-paths.ts';

/** The e-mail sender parameter: an address of an identity verified in SES in the deploying account and region. */
export const MAIL_FROM_PARAMETER = 'MailFrom';

export interface SwitchboardStackProps extends StackProps {
  /** esbuild-bundle the module functions (default true); false deploys placeholder code, for fast tests */
  bundling?: boolean;
  /** sender of e-mails; must be an SES-verified identity in the target account (default: the MailFrom parameter) */
  mailFrom?: string;
  /** the web build to upload (default web/dist, which must exist); false deploys none (tests) */
  webDistPath?: string | false;
  /** set the region's account-wide API Gateway logging role (default true; see RealtimeApi) */
  manageApiGatewayAccount?: boolean;
  /** connector image; default: built from connector-container/Dockerfile at deploy time */
  connectorImage?: ContainerImage;
  /** the platform's Meta app (default: the `switchboard:meta*` context values; none leaves Messenger and Instagram off) */
  meta?: MetaAppSettings;
  /** the Pix provider (default: the `switchboard:pix*` context values; none leaves subscription checkout off) */
  pix?: PixProviderSettings;
}

/**
 * The Pix payment provider (a PSP's API in the Banco Central's standard). Its credentials, receiving key, webhook
 * secret and mutual-TLS client certificate live in one Secrets Manager secret made outside the stack (a JSON object:
 * functions/src/platform/ports/pix/pix-settings.ts), read by the invoices function at cold start.
 */
export interface PixProviderSettings {
  /** the PSP's API base URL (context `switchboard:pixApiUrl`) */
  apiUrl?: string;
  /** ARN or name of the credentials secret (context `switchboard:pixCredentialsArn`) */
  credentialsArn?: string;
}

/** The modules that call the Pix provider or check its notices (manifest setting `pix`). */
export const PIX_MODULES: readonly string[] = functionModules().filter((name) => manifestOf(name).settings?.includes('pix'));

/**
 * The platform's Meta app, for Messenger and Instagram webhooks. The app secret lives in a Secrets Manager secret
 * made outside the stack (its value comes from Meta), read by the webhooks function at cold start; only its ARN is
 * in the template.
 */
export interface MetaAppSettings {
  /** ARN or name of the secret whose string value is the app secret (context `switchboard:metaAppSecretArn`) */
  appSecretArn?: string;
  /** the token Meta's webhook setup call must show (context `switchboard:metaVerifyToken`) */
  verifyToken?: string;
  /** the Graph API base URL, Meta's when not given (context `switchboard:metaGraphUrl`) */
  graphUrl?: string;
}

/** The modules that check Meta's webhook posts and setup calls (manifest setting `meta-app`). */
export const META_WEBHOOK_MODULES: readonly string[] = functionModules().filter((name) =>
  manifestOf(name).settings?.includes('meta-app'),
);

/** The modules that hand out the VAPID public key or sign pushes (manifest setting `web-push`). */
export const WEB_PUSH_MODULES: readonly string[] = functionModules().filter((name) =>
  manifestOf(name).settings?.includes('web-push'),
);

/** Everything Switchboard runs on in AWS: see shared/ARCHITECTURE.md section 1. */
export class SwitchboardStack extends Stack {
  /** module name -> its one function */
  readonly functions: ReadonlyMap<string, lambda.Function>;
  readonly table: AppTable;
  readonly jwt: JwtSecret;
  readonly queues: MessageQueues;
  readonly scheduler: JobScheduler;
  readonly httpApi: ModuleHttpApi;
  readonly realtimeApi: RealtimeApi;
  readonly web: WebHosting;
  readonly connector: ConnectorService;
  readonly operations: Operations;

  constructor(scope: Construct, id: string, props: SwitchboardStackProps = {}) {
    super(scope, id, props);
    const bundling = props.bundling ?? true;
    const moduleNames = functionModules();
    if (bundling) {
      // all missing entries at once, rather than one per failed synth
      const missing = missingEntries(moduleNames);
      if (missing.length > 0) {
        throw new Error(
          `Missing Lambda entry files (each must export \`handler\`):\n  ${missing.join('\n  ')}\n` +
            'Add them (`npm run entries` writes them from the manifest), or synthesise with placeholder code: cdk synth -c switchboard:bundling=false',
        );
      }
    }
    // the manifest says what each function may reach; code that reaches more (or a grant no code uses) stops here
    const problems = [...routeManifestProblems(), ...manifestGrantProblems()];
    if (problems.length > 0) {
      throw new Error(
        `The deployment manifest (functions/src/deployment/manifest.ts) disagrees with the code:\n  ${problems.join('\n  ')}`,
      );
    }

    this.table = new AppTable(this, 'Data');
    this.jwt = new JwtSecret(this, 'Jwt');
    const { jwt } = this;
    this.queues = new MessageQueues(this, 'Queues');
    const { queues } = this.queues;
    this.scheduler = new JobScheduler(this, 'Scheduler', { jobsQueue: queues.jobs });
    this.httpApi = new ModuleHttpApi(this, 'Http');
    this.realtimeApi = new RealtimeApi(this, 'Realtime', { manageAccountLogging: props.manageApiGatewayAccount ?? true });
    this.web = new WebHosting(this, 'Web', {
      httpApi: this.httpApi.api,
      webSocketApi: this.realtimeApi.api,
      webDistPath: props.webDistPath ?? webDistPath,
      originSecret: SecretValue.secretsManager(jwt.originKey.secretArn),
    });

    // given at deploy time (`--parameters MailFrom=...`): an address no verified identity covers cannot send
    const mailFrom =
      props.mailFrom ??
      new CfnParameter(this, MAIL_FROM_PARAMETER, {
        type: 'String',
        allowedPattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
        constraintDescription: 'an e-mail address of an identity verified in Amazon SES',
        description: 'Sender of password-reset and notification mail; its address or domain must be verified in SES',
      }).valueAsString;
    const environment: Record<string, string> = {
      RUNTIME: 'aws',
      TABLE_NAME: this.table.table.tableName,
      WS_MANAGEMENT_ENDPOINT: this.realtimeApi.callbackUrl,
      PUBLIC_URL: `https://${this.web.distribution.distributionDomainName}`,
      JWT_SECRET_ARN: jwt.secret.secretArn,
      JOBS_QUEUE: queues.jobs.queueUrl,
      JOBS_QUEUE_ARN: queues.jobs.queueArn,
      ...this.queues.urlEnvironment(),
      SCHEDULER_GROUP: this.scheduler.groupName,
      SCHEDULER_ROLE_ARN: this.scheduler.role.roleArn,
      SCHEDULER_DLQ_ARN: this.scheduler.deadLetterQueue.queueArn,
      MEDIA_BUCKET: this.web.mediaBucket.bucketName,
      MAIL_FROM: mailFrom,
      NODE_OPTIONS: '--enable-source-maps',
    };
    const meta: MetaAppSettings = props.meta ?? {
      appSecretArn: this.node.tryGetContext('switchboard:metaAppSecretArn'),
      verifyToken: this.node.tryGetContext('switchboard:metaVerifyToken'),
      graphUrl: this.node.tryGetContext('switchboard:metaGraphUrl'),
    };
    // every function that calls the Graph API (connections, sends, media, templates) uses the same base URL
    if (meta.graphUrl) environment.META_GRAPH_URL = meta.graphUrl;
    const metaAppSecret = meta.appSecretArn
      ? meta.appSecretArn.startsWith('arn:')
        ? secretsmanager.Secret.fromSecretCompleteArn(this, 'MetaAppSecret', meta.appSecretArn)
        : secretsmanager.Secret.fromSecretNameV2(this, 'MetaAppSecret', meta.appSecretArn)
      : undefined;
    const metaEnvironment: Record<string, string> = {
      ...(metaAppSecret ? { META_APP_SECRET_ARN: metaAppSecret.secretArn } : {}),
      ...(meta.verifyToken ? { META_VERIFY_TOKEN: meta.verifyToken } : {}),
    };

    const pix: PixProviderSettings = props.pix ?? {
      apiUrl: this.node.tryGetContext('switchboard:pixApiUrl'),
      credentialsArn: this.node.tryGetContext('switchboard:pixCredentialsArn'),
    };
    const pixCredentials = pix.credentialsArn
      ? pix.credentialsArn.startsWith('arn:')
        ? secretsmanager.Secret.fromSecretCompleteArn(this, 'PixCredentials', pix.credentialsArn)
        : secretsmanager.Secret.fromSecretNameV2(this, 'PixCredentials', pix.credentialsArn)
      : undefined;
    const pixEnvironment: Record<string, string> = {
      ...(pix.apiUrl ? { PIX_API_URL: pix.apiUrl } : {}),
      ...(pixCredentials ? { PIX_CREDENTIALS_ARN: pixCredentials.secretArn } : {}),
    };
    // the data key companies' secrets are sealed with: only the functions whose code seals or opens them read it
    const dataKey = new DataKeySecret(this, 'DataKey');
    // the secret the Web Push key pair is derived from
    const vapid = new VapidSecret(this, 'Vapid');
    // each function gets the variables of what its manifest entry grants, no other queue's or port's
    const usesOf = (module: string) => usesOfGrants(manifestOf(module).ports);
    const urlEnvOf = (q: keyof typeof queueDefinitions) => queueDefinitions[q].urlEnv;
    const environmentOf = (module: string): Record<string, string> => {
      const consumes = manifestOf(module).consumes;
      return {
        ...environmentForUses(environment, usesOf(module), urlEnvOf, consumes ? [queueKeyOf[consumes.queue]] : []),
        // every function verifies or signs tokens with the JWT secret (its read is granted to all of them)
        JWT_SECRET_ARN: jwt.secret.secretArn,
        NODE_OPTIONS: '--enable-source-maps',
        ...(usesOf(module).dataKey ? { DATA_KEY_ARN: dataKey.secret.secretArn } : {}),
        ...(META_WEBHOOK_MODULES.includes(module) ? metaEnvironment : {}),
        ...(PIX_MODULES.includes(module) ? pixEnvironment : {}),
        ...(WEB_PUSH_MODULES.includes(module)
          ? { VAPID_SECRET_ARN: vapid.secret.secretArn, VAPID_SUBJECT: `mailto:${mailFrom}` }
          : {}),
      };
    };

    const functions = new Map<string, lambda.Function>();
    for (const module of moduleNames) {
      const moduleFunction = new ModuleFunction(this, `${pascalCase(module)}Module`, {
        module,
        bundling,
        environment: environmentOf(module),
        access: {
          table: this.table.table,
          jwtSecret: jwt.secret,
          queues,
          uses: usesOf(module),
          schedulerGroupName: this.scheduler.groupName,
          schedulerRole: this.scheduler.role,
          webSocketStage: this.realtimeApi.stage,
          mediaBucket: this.web.mediaBucket,
          mailFrom,
        },
      });
      functions.set(module, moduleFunction.function);
      if (metaAppSecret && META_WEBHOOK_MODULES.includes(module)) metaAppSecret.grantRead(moduleFunction.function);
      if (pixCredentials && PIX_MODULES.includes(module)) pixCredentials.grantRead(moduleFunction.function);
      if (usesOf(module).dataKey) dataKey.secret.grantRead(moduleFunction.function);
      if (WEB_PUSH_MODULES.includes(module)) vapid.secret.grantRead(moduleFunction.function);
    }
    this.functions = functions;

    this.httpApi.addRoutes(new Map(httpModules().map((m) => [m, functions.get(m)!])));
    this.realtimeApi.addRoutes(functions.get(WEBSOCKET_MODULE)!);
    for (const consumer of sqsConsumers) {
      // partial batch failures: one poisoned message is retried (then dead-lettered) alone
      functions.get(consumer.module)!.addEventSource(
        new SqsEventSource(queues[consumer.queue], {
          batchSize: consumer.batchSize,
          reportBatchItemFailures: true,
          ...(consumer.maxConcurrency ? { maxConcurrency: consumer.maxConcurrency } : {}),
        }),
      );
    }

    // the connector runs the platform's services in process: its grants and environment follow its code too
    const connectorAccess = usesOfGrants(connectorManifest.ports);
    this.connector = new ConnectorService(this, 'Connector', {
      access: {
        table: this.table.table,
        queues,
        schedulerGroupName: this.scheduler.groupName,
        schedulerRole: this.scheduler.role,
        webSocketStage: this.realtimeApi.stage,
        mediaBucket: this.web.mediaBucket,
        mailFrom,
      },
      uses: connectorAccess,
      dataKey: dataKey.secret,
      logBucket: this.web.logBucket,
      image: props.connectorImage,
      environment: {
        ...environmentForUses(environment, connectorAccess, urlEnvOf, CONNECTOR_CONSUMES),
        ...(connectorAccess.dataKey ? { DATA_KEY_ARN: dataKey.secret.secretArn } : {}),
      },
    });

    this.operations = new Operations(this, 'Operations', {
      deadLetterQueues: { ...this.queues.deadLetterQueues, scheduler: this.scheduler.deadLetterQueue },
      functions,
      httpApi: this.httpApi.api,
      webSocketApi: this.realtimeApi.api,
      webSocketStage: this.realtimeApi.stage.stageName,
      connectorService: this.connector.service,
      // the realtime publisher logs a failed socket post and goes on, in every function that publishes and the connector
      caughtErrorLogs: {
        ...Object.fromEntries([...functions].map(([module, fn]) => [module, fn.logGroup])),
        connector: this.connector.logGroup,
      },
    });

    new CfnOutput(this, 'CloudFrontUrl', { value: environment.PUBLIC_URL! });
    new CfnOutput(this, 'HttpApiUrl', { value: this.httpApi.stage.url });
    new CfnOutput(this, 'WebSocketUrl', { value: this.realtimeApi.stage.url });
    new CfnOutput(this, 'TableName', { value: this.table.table.tableName });
  }
}

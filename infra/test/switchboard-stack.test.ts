import { tmpdir } from 'node:os';
import path from 'node:path';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { App, NestedStack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type * as s3assets from 'aws-cdk-lib/aws-s3-assets';
import { outboundDelivery } from '@switchboard/functions/platform/ports/queue';
import { globalIndexes, tableKeys, TTL_ATTRIBUTE } from '@switchboard/functions/platform/table/table-definition';
import { routeKey, routes } from '@switchboard/shared/routes';
import { beforeAll, describe, expect, it } from 'vitest';
import { DataKeySecret } from '../lib/constructs/data-key-secret.ts';
import { FUNCTION_BUNDLING, ModuleFunction } from '../lib/constructs/module-function.ts';
import { CONNECTOR_CONSUMES, CONNECTOR_TARGET_CPU_PERCENT } from '../lib/constructs/connector-service.ts';
import { MAX_RECEIVE_COUNT, queueDefinitions } from '../lib/constructs/message-queues.ts';
import { CAUGHT_ERRORS_METRIC, LOG_METRICS_NAMESPACE } from '../lib/constructs/operations.ts';
import { WEBSOCKET_ROUTES } from '../lib/constructs/realtime-api.ts';
import { manifestOf } from '../../functions/src/deployment/manifest.ts';
import {
  functionModules,
  httpModules,
  missingEntries,
  queueKeyOf,
  sqsConsumers,
  WEBSOCKET_MODULE,
} from '../lib/function-modules.ts';
import { connectorFiles, connectorUses, moduleFiles, moduleUses } from '../lib/module-access.ts';
import { DEFAULT_HEALTH_PORT, HEALTH_PATH, healthCheckCommand } from '../../connector-container/src/health/health.ts';
import { repoRoot } from '../lib/repo-paths.ts';
import { SwitchboardStack } from '../lib/stacks/switchboard-stack.ts';
import { buildStack, cdkJsonContext, fakeWebDist, logicalId } from './synth-stack.ts';

type Resource = { Type: string; Properties: Record<string, any> };

let stack: SwitchboardStack;
let template: Template;
let resources: Record<string, Resource>;

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const functionId = (module: string) => logicalId(stack.functions.get(module)!);
/** `integrations/<id>` targets are rendered as a join with a Ref. */
const targetIntegration = (route: Resource): Resource => {
  const [, parts] = route.Properties.Target['Fn::Join'];
  return resources[parts[1].Ref]!;
};

/**
 * Every API Gateway route with its stack's parameters resolved: the HTTP routes live in nested stacks (a stack holds
 * at most 500 resources), where the API id and the integration come in as parameters of this stack's values.
 */
let routeResources: [string, Resource][] = [];
const resolvedRoutes = (): [string, Resource][] => {
  const found = ofType('AWS::ApiGatewayV2::Route');
  for (const child of stack.node.findAll()) {
    if (!(child instanceof NestedStack)) continue;
    const parameters = resources[stack.resolve(stack.getLogicalId(child.nestedStackResource!))]!.Properties.Parameters as Record<
      string,
      unknown
    >;
    const resolve = (v: any): any => (v && typeof v === 'object' && 'Ref' in v && v.Ref in parameters ? parameters[v.Ref] : v);
    for (const [id, r] of Object.entries(Template.fromStack(child).toJSON().Resources as Record<string, Resource>)) {
      if (r.Type !== 'AWS::ApiGatewayV2::Route') continue;
      const target = r.Properties.Target;
      const resolvedTarget = target?.['Fn::Join']
        ? { 'Fn::Join': [target['Fn::Join'][0], target['Fn::Join'][1].map(resolve)] }
        : target;
      found.push([id, { ...r, Properties: { ...r.Properties, ApiId: resolve(r.Properties.ApiId), Target: resolvedTarget } }]);
    }
  }
  return found;
};

beforeAll(() => {
  ({ stack } = buildStack());
  template = Template.fromStack(stack);
  resources = template.toJSON().Resources;
  routeResources = resolvedRoutes();
});

describe('table', () => {
  it('matches table-definition: keys, GSIs (projection ALL), TTL, PITR, on-demand, retained', () => {
    const key = (name: string, type: 'HASH' | 'RANGE') => ({ AttributeName: name, KeyType: type });
    template.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [key(tableKeys.partitionKey, 'HASH'), key(tableKeys.sortKey, 'RANGE')],
        GlobalSecondaryIndexes: globalIndexes.map((g) => ({
          IndexName: g.indexName,
          KeySchema: [key(g.partitionKey, 'HASH'), key(g.sortKey, 'RANGE')],
          Projection: { ProjectionType: 'ALL' },
        })),
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
        Replicas: [
          Match.objectLike({
            DeletionProtectionEnabled: true,
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          }),
        ],
      }),
    });
    const [, table] = ofType('AWS::DynamoDB::GlobalTable')[0]!;
    const names = [tableKeys.partitionKey, tableKeys.sortKey, ...globalIndexes.flatMap((g) => [g.partitionKey, g.sortKey])];
    expect(table.Properties.AttributeDefinitions).toEqual(names.map((AttributeName) => ({ AttributeName, AttributeType: 'S' })));
  });
});

describe('data key', () => {
  it('is kept when the stack is deleted or the secret replaced, as the table is; the JWT keys go with the stack', () => {
    const dataKey = stack.node.findAll().find((c): c is DataKeySecret => c instanceof DataKeySecret)!;
    expect(resources[logicalId(dataKey.secret)]).toMatchObject({
      Type: 'AWS::SecretsManager::Secret',
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
    expect(resources[logicalId(stack.jwt.secret)]).toMatchObject({ DeletionPolicy: 'Delete', UpdateReplacePolicy: 'Delete' });
  });
});

describe('functions', () => {
  it('gives every module with routes, the realtime module and each SQS consumer exactly one function', () => {
    const expected = new Set([...httpModules(), WEBSOCKET_MODULE, ...sqsConsumers.map((c) => c.module)]);
    expect(new Set(stack.functions.keys())).toEqual(expected);
    expect(ofType('AWS::Lambda::Function')).toHaveLength(expected.size);
    // all routes of a module reach the same single function
    for (const module of httpModules()) {
      const targets = new Set(
        routeResources
          .map(([, r]) => r)
          .filter((r) => routes.some((route) => route.module === module && routeKey(route) === r.Properties.RouteKey))
          .map((r) => targetIntegration(r).Properties.IntegrationUri['Fn::GetAtt'][0]),
      );
      expect(targets).toEqual(new Set([functionId(module)]));
    }
  });

  it('uses the shared runtime settings, and gives each function the variables of what its manifest entry grants', () => {
    const everywhere = ['RUNTIME', 'TABLE_NAME', 'WS_MANAGEMENT_ENDPOINT', 'PUBLIC_URL', 'JWT_SECRET_ARN', 'NODE_OPTIONS'];
    for (const module of functionModules()) {
      const fn = resources[functionId(module)]!;
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        MemorySize: 1024,
        Timeout: 30,
        TracingConfig: { Mode: 'Active' },
        LoggingConfig: { LogFormat: 'JSON' },
      });
      const env = fn.Properties.Environment.Variables;
      expect(Object.keys(env)).toEqual(expect.arrayContaining(everywhere));
      expect(env).toMatchObject({ RUNTIME: 'aws', NODE_OPTIONS: '--enable-source-maps' });
      const grants = manifestOf(module).ports;
      const consumed = manifestOf(module).consumes?.queue;
      for (const [queue, key] of Object.entries(queueKeyOf)) {
        const named = (grants.sends as readonly string[]).includes(queue) || consumed === queue;
        expect(env[queueDefinitions[key].urlEnv] !== undefined, `${module}: ${queueDefinitions[key].urlEnv}`).toBe(named);
      }
      for (const name of ['SCHEDULER_GROUP', 'SCHEDULER_ROLE_ARN', 'SCHEDULER_DLQ_ARN', 'JOBS_QUEUE', 'JOBS_QUEUE_ARN']) {
        expect(env[name] !== undefined, `${module}: ${name}`).toBe(grants.scheduler === true);
      }
      expect(env.MEDIA_BUCKET !== undefined, `${module}: MEDIA_BUCKET`).toBe(grants.media === true);
      expect(env.MAIL_FROM !== undefined, `${module}: MAIL_FROM`).toBe(grants.mail === true);
      expect(env.DATA_KEY_ARN !== undefined, `${module}: DATA_KEY_ARN`).toBe(grants.dataKey === true);
    }
  });

  it('points WS_MANAGEMENT_ENDPOINT at the WebSocket stage callback URL', () => {
    const env = resources[functionId('auth')]!.Properties.Environment.Variables;
    expect(env.WS_MANAGEMENT_ENDPOINT).toEqual({
      'Fn::Join': [
        '',
        [
          'https://',
          { Ref: logicalId(stack.realtimeApi.api) },
          '.execute-api.',
          { Ref: 'AWS::Region' },
          '.',
          { Ref: 'AWS::URLSuffix' },
          '/ws',
        ],
      ],
    });
  });

  const statementsOf = (module: string) => {
    const policy = ofType('AWS::IAM::Policy').find(([, p]) =>
      p.Properties.Roles.some((r: { Ref: string }) => r.Ref === logicalId(stack.functions.get(module)!.role!)),
    );
    return policy![1].Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[];
  };
  const actionsOf = (module: string) => statementsOf(module).flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));

  it('grants each function what its code uses, and nothing with a service-wide wildcard', () => {
    for (const module of functionModules()) {
      const uses = moduleUses(module);
      const actions = actionsOf(module);
      const statements = JSON.stringify(statementsOf(module));
      expect(actions, module).toEqual(
        expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'secretsmanager:GetSecretValue']),
      );
      expect(actions.includes('dynamodb:Scan'), `${module}: Scan`).toBe(uses.scan);
      expect(actions.includes('execute-api:ManageConnections'), `${module}: sockets`).toBe(uses.sockets);
      expect(actions.includes('scheduler:CreateSchedule'), `${module}: scheduler`).toBe(uses.scheduler);
      expect(actions.includes('iam:PassRole'), `${module}: PassRole`).toBe(uses.scheduler);
      expect(actions.includes('s3:PutObject'), `${module}: media`).toBe(uses.media);
      expect(actions.includes('s3:DeleteObject'), `${module}: media purge`).toBe(uses.mediaPurge);
      expect(actions.includes('s3:ListBucket'), `${module}: media listing`).toBe(uses.mediaPurge);
      expect(actions.includes('ses:SendEmail'), `${module}: mail`).toBe(uses.mail);
      const sends = JSON.stringify(statementsOf(module).filter((st) => JSON.stringify(st.Action).includes('sqs:SendMessage')));
      for (const [name, queue] of Object.entries(stack.queues.queues)) {
        const granted = sends.includes(`"Fn::GetAtt":["${logicalId(queue)}","Arn"]`);
        expect(granted, `${module}: queue ${name}`).toBe((uses.queues as string[]).includes(name));
      }
      expect(statements).not.toMatch(/"(dynamodb|sqs|s3|scheduler|iam):\*"/);
    }
  });

  it("gives the data key to each function whose code seals or opens companies' secrets, Graph credentials included, and to no other", () => {
    const dataKey = stack.node.findAll().find((c): c is DataKeySecret => c instanceof DataKeySecret)!;
    const keyRef = JSON.stringify({ Ref: logicalId(dataKey.secret) });
    const graphOpeners: string[] = [];
    for (const module of functionModules()) {
      const holds = moduleUses(module).dataKey === true;
      if (moduleFiles(module).includes('functions/src/modules/connections/graph-secrets.ts')) {
        graphOpeners.push(module);
        expect(holds, `${module} opens Graph credentials`).toBe(true);
      }
      const env = resources[functionId(module)]!.Properties.Environment.Variables;
      expect(env.DATA_KEY_ARN === undefined, `${module}: DATA_KEY_ARN`).toBe(!holds);
      expect(JSON.stringify(statementsOf(module)).includes(keyRef), `${module}: data key read`).toBe(holds);
    }
    // sends and media downloads, template lists, page imports and token changes, Meta's webhook checks, the migration
    expect(graphOpeners).toEqual(
      expect.arrayContaining(['outbound', 'inbound', 'messages', 'campaigns', 'connections', 'webhooks', 'jobs']),
    );
    expect(moduleUses('auth').dataKey).toBe(false);
  });

  it('lets each function that pages with cursors read the JWT secret the cursor key is derived from', () => {
    const secretRef = JSON.stringify({ Ref: logicalId(stack.jwt.secret) });
    const pagers = functionModules().filter((module) => moduleFiles(module).includes('functions/src/platform/table/cursor.ts'));
    for (const module of pagers) {
      expect(resources[functionId(module)]!.Properties.Environment.Variables.JWT_SECRET_ARN, `${module}: JWT_SECRET_ARN`).toEqual(
        { Ref: logicalId(stack.jwt.secret) },
      );
      const reads = statementsOf(module).filter((st) => JSON.stringify(st.Resource).includes(secretRef));
      expect(
        reads.flatMap((st) => (Array.isArray(st.Action) ? st.Action : [st.Action])),
        `${module}: JWT secret read`,
      ).toContain('secretsmanager:GetSecretValue');
    }
    // the modules of every paged route, and the jobs that page through contact lists and tagged contacts
    const pagedModules = routes
      .filter((r) => Object.keys((r as unknown as { query?: { shape?: object } }).query?.shape ?? {}).includes('cursor'))
      .map((r) => r.module);
    expect(pagers).toEqual(expect.arrayContaining([...new Set([...pagedModules, 'jobs'])]));
  });

  it('gives no request function Scan or stream reads, and sends to the queues by use: web chat to inbound, message senders to outbound', () => {
    for (const module of functionModules()) {
      // the jobs consumer alone may Scan: a deleted company's data is removed by a job paging through the table
      // (companies/company-purge.repository.ts), off every request path
      expect(actionsOf(module).includes('dynamodb:Scan'), module).toBe(module === 'jobs');
      // and its media files by their prefix: the jobs consumer alone lists and deletes media
      expect(actionsOf(module).includes('s3:DeleteObject'), module).toBe(module === 'jobs');
      expect(
        actionsOf(module).some((a) => /GetRecords|GetShardIterator|DescribeStream/.test(a)),
        module,
      ).toBe(false);
    }
    expect(moduleUses('webchat').queues).toContain('inbound');
    // sign-up arms the new company's invoice cycle (a schedule, or a delayed job when it is near)
    expect(moduleUses('auth').queues).toEqual(['jobs']);
    expect(actionsOf('system')).not.toEqual(expect.arrayContaining(['sqs:SendMessage']));
    // sends are recorded by the messages code and queued for the outbound consumer, which only reads the queue
    expect(moduleUses('messages').queues).toContain('outbound');
    expect(moduleUses('schedules').queues).toContain('outbound');
    expect(moduleUses('auth').queues).not.toContain('outbound');
    expect(moduleUses('outbound').queues).not.toContain('outbound');
    expect(moduleUses('inbound').queues).not.toContain('inbound');
    // the scheduler's sends, and the sockets of a session that ends, are where the code needs them
    expect(moduleUses('schedules').scheduler).toBe(true);
    expect(moduleUses('auth').sockets).toBe(true);
    expect(moduleUses('auth').mail).toBe(true);
  });

  it('fails with the entry path when bundling a module whose entry file is missing', () => {
    expect(missingEntries(['no-such-module'])).toEqual(['functions/src/entries/no-such-module.lambda.ts']);
    const { stack: other } = buildStack();
    const access = {
      table: other.table.table,
      jwtSecret: other.jwt.secret,
      queues: {},
      uses: { queues: [], scheduler: false, media: false, mediaPurge: false, mail: false, sockets: false, scan: false },
      schedulerGroupName: other.scheduler.groupName,
      schedulerRole: other.scheduler.role,
      webSocketStage: other.realtimeApi.stage,
      mediaBucket: other.web.mediaBucket,
      mailFrom: 'a@b.c',
    };
    expect(
      () => new ModuleFunction(other, 'Missing', { module: 'no-such-module', bundling: true, environment: {}, access }),
    ).toThrow('functions/src/entries/no-such-module.lambda.ts');
  });
});

describe('HTTP API', () => {
  it('lets API Gateway invoke the system function for unknown paths ($default), which METHOD/path permissions do not cover', () => {
    const permissions = ofType('AWS::Lambda::Permission').map(([, p]) => p.Properties);
    const defaultRoute = permissions.find((p) => JSON.stringify(p.SourceArn).includes('/*/$default'));
    expect(defaultRoute).toMatchObject({ Action: 'lambda:InvokeFunction', Principal: 'apigateway.amazonaws.com' });
    expect(JSON.stringify(defaultRoute!.FunctionName)).toContain(logicalId(stack.functions.get('system')!));
  });

  it('has one route per route-table entry, integrated with its module function', () => {
    const httpRoutes = routeResources.filter(([, r]) => r.Properties.ApiId.Ref === logicalId(stack.httpApi.api));
    // every route of the table, plus $default answering unknown paths with the JSON 404
    expect(httpRoutes).toHaveLength(routes.length + 1);
    const fallback = httpRoutes.filter(([, r]) => r.Properties.RouteKey === '$default');
    expect(fallback).toHaveLength(1);
    expect(targetIntegration(fallback[0]![1]).Properties.IntegrationUri).toEqual({ 'Fn::GetAtt': [functionId('system'), 'Arn'] });
    for (const route of routes) {
      const matching = httpRoutes.filter(([, r]) => r.Properties.RouteKey === routeKey(route));
      expect(matching, routeKey(route)).toHaveLength(1);
      const integration = targetIntegration(matching[0]![1]);
      expect(integration.Properties).toMatchObject({
        IntegrationType: 'AWS_PROXY',
        PayloadFormatVersion: '2.0',
        IntegrationUri: { 'Fn::GetAtt': [functionId(route.module), 'Arn'] },
      });
    }
  });

  it('has an auto-deployed $default stage with access logs', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: logicalId(stack.httpApi.api) },
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });
});

describe('WebSocket API', () => {
  it('routes $connect, $disconnect and $default to the realtime function', () => {
    const wsRoutes = ofType('AWS::ApiGatewayV2::Route').filter(
      ([, r]) => r.Properties.ApiId.Ref === logicalId(stack.realtimeApi.api),
    );
    expect(wsRoutes.map(([, r]) => r.Properties.RouteKey).sort()).toEqual([...WEBSOCKET_ROUTES].sort());
    for (const [, route] of wsRoutes) {
      expect(JSON.stringify(targetIntegration(route).Properties.IntegrationUri)).toContain(functionId(WEBSOCKET_MODULE));
    }
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'ws', AutoDeploy: true });
  });
});

describe('queues', () => {
  it('has 5 queues and 5 DLQs with redrive (and the scheduler its DLQ), SSE and FIFO where agreed', () => {
    const queues = ofType('AWS::SQS::Queue');
    expect(queues).toHaveLength(11);
    const withRedrive = queues.filter(([, q]) => q.Properties.RedrivePolicy);
    expect(withRedrive).toHaveLength(5);
    const senders = [logicalId(stack.queues.queues.outbound), logicalId(stack.queues.queues.connectorOutbound)];
    for (const [id, queue] of withRedrive) {
      // the sender retries an unavailable channel through visibility changes, each one a receive (outbound.service.ts)
      const expected = senders.includes(id)
        ? outboundDelivery
        : { maxReceiveCount: MAX_RECEIVE_COUNT, visibilityTimeoutSeconds: 180 };
      expect(queue.Properties.RedrivePolicy.maxReceiveCount, id).toBe(expected.maxReceiveCount);
      expect(queue.Properties.VisibilityTimeout, id).toBe(expected.visibilityTimeoutSeconds);
      const dlq = resources[queue.Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0]]!;
      expect(dlq.Properties.FifoQueue).toBe(queue.Properties.FifoQueue);
    }
    for (const [, queue] of queues) expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    const fifo = withRedrive.filter(([, q]) => q.Properties.FifoQueue);
    expect(fifo).toHaveLength(3);
    for (const [, queue] of fifo) {
      expect(queue.Properties).toMatchObject({
        ContentBasedDeduplication: false,
        DeduplicationScope: 'messageGroup',
        FifoThroughputLimit: 'perMessageGroupId',
      });
    }
    expect(fifo.map(([id]) => id).sort()).toEqual([logicalId(stack.queues.queues.inbound), ...senders].sort());
  });

  it('enforces SSL on every queue', () => {
    const policies = ofType('AWS::SQS::QueuePolicy');
    expect(policies).toHaveLength(11);
    for (const [, policy] of policies) {
      expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('wires the SQS consumers with partial batch failures', () => {
    const mappings = ofType('AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(sqsConsumers.length);
    for (const consumer of sqsConsumers) {
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: functionId(consumer.module) },
        EventSourceArn: { 'Fn::GetAtt': [logicalId(stack.queues.queues[consumer.queue]), 'Arn'] },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
    }
  });
});

describe('scheduler', () => {
  it('has a schedule group and a role that may only send to jobs and its own dead-letter queue', () => {
    template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: stack.scheduler.groupName });
    const role = resources[logicalId(stack.scheduler.role)]!;
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({ Principal: { Service: 'scheduler.amazonaws.com' }, Action: 'sts:AssumeRole' }),
    ]);
    const [, policy] = ofType('AWS::IAM::Policy').find(([, p]) =>
      p.Properties.Roles.some((r: { Ref: string }) => r.Ref === logicalId(stack.scheduler.role)),
    )!;
    expect(policy.Properties.PolicyDocument.Statement).toEqual([
      {
        Effect: 'Allow',
        Action: 'sqs:SendMessage',
        Resource: [
          { 'Fn::GetAtt': [logicalId(stack.queues.queues.jobs), 'Arn'] },
          { 'Fn::GetAtt': [logicalId(stack.scheduler.deadLetterQueue), 'Arn'] },
        ],
      },
    ]);
  });
});

describe('CloudFront', () => {
  it('serves the web bucket by default and forwards /api/* and /ws to API Gateway uncached', () => {
    const [, distribution] = ofType('AWS::CloudFront::Distribution')[0]!;
    const config = distribution.Properties.DistributionConfig;
    const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
    const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
    const originOf = (id: string) => config.Origins.find((o: { Id: string }) => o.Id === id);
    const behaviour = (pattern: string) => config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === pattern);

    for (const [pattern, api] of [
      ['/api/*', stack.httpApi.api],
      ['/ws', stack.realtimeApi.api],
    ] as const) {
      const b = behaviour(pattern);
      expect(b, pattern).toMatchObject({ CachePolicyId: CACHING_DISABLED, OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER });
      expect(JSON.stringify(originOf(b.TargetOriginId).DomainName)).toContain(logicalId(api));
      expect(originOf(b.TargetOriginId).CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    }
    expect(behaviour('/api/*').AllowedMethods).toEqual(expect.arrayContaining(['POST', 'PUT', 'PATCH', 'DELETE']));
    expect(JSON.stringify(originOf(config.DefaultCacheBehavior.TargetOriginId))).toContain(logicalId(stack.web.webBucket));
    expect(originOf(config.DefaultCacheBehavior.TargetOriginId).OriginAccessControlId).toBeDefined();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1);
    expect(config.Logging).toBeDefined();
  });

  it('frames nothing of the app, and lets any site frame the chat widget, with the headers the local gateway sends', () => {
    const { stack: withWeb } = buildStack({ webDistPath: fakeWebDist('<script>document.title = "x";</script>') });
    const template = Template.fromStack(withWeb, { skipCyclicalDependenciesCheck: true });
    const policies = template.findResources('AWS::CloudFront::ResponseHeadersPolicy');
    const configOf = (id: string) => policies[id]!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const app = configOf(logicalId(withWeb.web.appHeaders));
    const widget = configOf(logicalId(withWeb.web.widgetHeaders));
    expect(JSON.stringify(app.ContentSecurityPolicy)).toContain("frame-ancestors 'none'");
    expect(JSON.stringify(app.ContentSecurityPolicy)).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(app.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(app.ContentTypeOptions).toEqual({ Override: true });
    expect(app.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 31536000, Override: true });
    expect(JSON.stringify(widget.ContentSecurityPolicy)).toContain('frame-ancestors *');
    expect(widget.FrameOptions).toBeUndefined();

    const [, distribution] = Object.entries(template.findResources('AWS::CloudFront::Distribution'))[0]!;
    const config = distribution.Properties.DistributionConfig;
    const widgetBehaviour = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/widget/*');
    expect(widgetBehaviour.ResponseHeadersPolicyId).toEqual({ Ref: logicalId(withWeb.web.widgetHeaders) });
    expect(widgetBehaviour.TargetOriginId).toBe(config.DefaultCacheBehavior.TargetOriginId);
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: logicalId(withWeb.web.appHeaders) });
  });

  it('publishes the web build without its source maps', () => {
    const { app, stack: withWeb } = buildStack({ webDistPath: fakeWebDist() });
    app.synth();
    const build = withWeb.web.node.findChild('WebBuild') as s3assets.Asset;
    const published = readdirSync(path.join(app.outdir, build.assetPath), { recursive: true }).map(String);
    expect(published).toEqual(expect.arrayContaining(['index.html', path.join('assets', 'index-abc123.js')]));
    expect(published.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  it('deploys the web build, and refuses to synthesise a stack whose web build is missing', () => {
    expect(ofType('Custom::CDKBucketDeployment')).toHaveLength(0);
    const { stack: withWeb } = buildStack({ webDistPath: fakeWebDist() });
    Template.fromStack(withWeb, { skipCyclicalDependenciesCheck: true }).resourceCountIs('Custom::CDKBucketDeployment', 1);
    expect(() => buildStack({ webDistPath: path.join(tmpdir(), 'switchboard-no-web-build') })).toThrow(
      /The web app is not built.*npm run build -w web/,
    );
  });

  it('builds the web app before synth and deploy', () => {
    const scripts = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
      .scripts;
    expect(scripts.synth).toMatch(/^npm run build -w web && cdk synth/);
    expect(scripts.deploy).toMatch(/^npm run build -w web && cdk deploy/);
  });

  it('lets the browser PUT to the media bucket from the CloudFront origin only', () => {
    const media = resources[logicalId(stack.web.mediaBucket)]!;
    expect(media.Properties.CorsConfiguration.CorsRules[0]).toMatchObject({
      AllowedMethods: expect.arrayContaining(['PUT']),
      AllowedOrigins: [{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(stack.web.distribution), 'DomainName'] }]] }],
    });
    for (const bucket of [stack.web.webBucket, stack.web.mediaBucket]) {
      expect(resources[logicalId(bucket)]!.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
  });
});

describe('connector', () => {
  const taskPolicy = () => {
    const taskRole = stack.connector.taskDefinition.taskRole;
    const [, policy] = ofType('AWS::IAM::Policy').find(([, p]) =>
      p.Properties.Roles.some((r: { Ref: string }) => r.Ref === logicalId(taskRole)),
    )!;
    return policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown; Condition?: unknown }[];
  };
  const actionsOn = (queue: keyof typeof stack.queues.queues) =>
    taskPolicy()
      .filter((s) => JSON.stringify(s.Resource).includes(logicalId(stack.queues.queues[queue])))
      .flatMap((s) => s.Action);
  const container = () => ofType('AWS::ECS::TaskDefinition')[0]![1].Properties.ContainerDefinitions[0];
  const taskEnv = (): Record<string, unknown> =>
    Object.fromEntries((container().Environment as { Name: string; Value: unknown }[]).map((e) => [e.Name, e.Value]));

  it('runs Fargate tasks with container insights, consuming its two queues and sending only where its code sends', () => {
    template.hasResourceProperties('AWS::ECS::Service', {
      LaunchType: 'FARGATE',
      NetworkConfiguration: { AwsvpcConfiguration: Match.objectLike({ AssignPublicIp: 'ENABLED' }) },
    });
    template.hasResourceProperties('AWS::ECS::Cluster', {
      ClusterSettings: [{ Name: 'containerInsights', Value: 'enabled' }],
    });
    expect(actionsOn('inbound')).toContain('sqs:SendMessage');
    expect(actionsOn('inbound')).not.toContain('sqs:ReceiveMessage');
    // WhatsApp sends come on connector-outbound.fifo; outbound.fifo is the outbound function's alone
    expect(actionsOn('connectorOutbound')).toEqual(
      expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:ChangeMessageVisibility']),
    );
    expect(actionsOn('outbound')).toEqual([]);
    expect(actionsOn('connectorCommands')).toEqual(
      expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:ChangeMessageVisibility']),
    );
    expect(actionsOn('jobs')).not.toContain('sqs:ReceiveMessage');
    expect(JSON.stringify(taskPolicy())).toContain('dynamodb:PutItem');
    expect(JSON.stringify(taskPolicy())).toContain('dynamodb:Query');
    expect(JSON.stringify(taskPolicy())).not.toContain('dynamodb:Scan');
  });

  it('lets the task put jobs on the jobs queue, with its URL: campaign failures, number checks and imports enqueue them', () => {
    expect(connectorUses().queues).toContain('jobs');
    expect(actionsOn('jobs')).toContain('sqs:SendMessage');
    const functionEnv = resources[functionId('jobs')]!.Properties.Environment.Variables;
    expect(taskEnv().QUEUE_URL_JOBS).toBeDefined();
    expect(taskEnv().QUEUE_URL_JOBS).toEqual(functionEnv.QUEUE_URL_JOBS);
  });

  it("grants every port the connector's bundle reaches, with the variables that port reads, and nothing it does not reach", () => {
    const uses = connectorUses();
    const statements = taskPolicy();
    const env = taskEnv();
    // the same value as the functions that have the variable
    const same = (name: string) => {
      expect(env[name], name).toBeDefined();
      const holder = functionModules().find(
        (m) => resources[functionId(m)]!.Properties.Environment.Variables[name] !== undefined,
      );
      expect(env[name], name).toEqual(resources[functionId(holder!)]!.Properties.Environment.Variables[name]);
    };
    for (const name of ['TABLE_NAME', 'WS_MANAGEMENT_ENDPOINT', 'PUBLIC_URL']) same(name);
    expect(env.RUNTIME).toBe('aws');
    for (const queue of Object.keys(queueDefinitions) as (keyof typeof queueDefinitions)[]) {
      const reached = uses.queues.includes(queue) || CONNECTOR_CONSUMES.includes(queue);
      expect(actionsOn(queue).includes('sqs:SendMessage'), `send to ${queue}`).toBe(uses.queues.includes(queue));
      expect(env[queueDefinitions[queue].urlEnv] !== undefined, queueDefinitions[queue].urlEnv).toBe(reached);
      if (reached) same(queueDefinitions[queue].urlEnv);
    }
    const manage = statements.find((s) => s.Action === 'execute-api:ManageConnections');
    expect(manage !== undefined).toBe(uses.sockets);
    if (manage) expect(JSON.stringify(manage.Resource)).toContain('/ws/*/@connections/*');
    const media = statements.find((s) => JSON.stringify(s.Action) === JSON.stringify(['s3:GetObject', 's3:PutObject']));
    expect(media !== undefined).toBe(uses.media);
    if (uses.media) same('MEDIA_BUCKET');
    const schedules = statements.find((s) => JSON.stringify(s.Action).includes('scheduler:CreateSchedule'));
    expect(schedules !== undefined).toBe(uses.scheduler);
    if (uses.scheduler) {
      for (const name of ['SCHEDULER_GROUP', 'SCHEDULER_ROLE_ARN', 'JOBS_QUEUE_ARN']) same(name);
      const passRole = statements.find((s) => s.Action === 'iam:PassRole');
      expect(JSON.stringify(passRole?.Resource)).toContain(logicalId(stack.scheduler.role));
    }
    expect(statements.some((s) => JSON.stringify(s.Action).includes('ses:'))).toBe(uses.mail);
    const dataKeyId = logicalId(stack.node.findAll().find((c): c is DataKeySecret => c instanceof DataKeySecret)!.secret);
    const readsDataKey = statements.some(
      (s) => JSON.stringify(s.Action).includes('secretsmanager:GetSecretValue') && JSON.stringify(s.Resource).includes(dataKeyId),
    );
    expect(readsDataKey).toBe(Boolean(uses.dataKey));
    expect(env.DATA_KEY_ARN !== undefined).toBe(Boolean(uses.dataKey));
    // the JWT keys sign nothing the connector does
    expect(env.JWT_SECRET_ARN).toBeUndefined();
    expect(JSON.stringify(statements)).not.toContain(logicalId(stack.jwt.secret));
    // deployment settings: the Graph API's base URL, as every function gets it, since the bundle calls the Graph API
    expect(connectorFiles()).toContain('functions/src/channels/graph/graph-client.ts');
    expect(env.META_GRAPH_URL).toBeUndefined();
    const app = new App({
      context: { ...cdkJsonContext(), 'switchboard:metaGraphUrl': 'https://graph.example.test' },
      outdir: mkdtempSync(path.join(tmpdir(), 'switchboard-cdk-')),
    });
    const configured = Template.fromStack(new SwitchboardStack(app, 'Switchboard', { bundling: false, webDistPath: false }));
    const [configuredTask] = Object.values(configured.findResources('AWS::ECS::TaskDefinition'));
    const configuredEnv = configuredTask!.Properties.ContainerDefinitions[0].Environment as { Name: string; Value: unknown }[];
    expect(configuredEnv.find((e) => e.Name === 'META_GRAPH_URL')?.Value).toBe('https://graph.example.test');
  });

  it('scales on CPU from one task up to several, and keeps the count scaling set across deploys', () => {
    const [, service] = ofType('AWS::ECS::Service')[0]!;
    expect(service.Properties.DesiredCount).toBeUndefined();
    const [targetId, target] = ofType('AWS::ApplicationAutoScaling::ScalableTarget')[0]!;
    expect(target.Properties).toMatchObject({
      MinCapacity: 1,
      ServiceNamespace: 'ecs',
      ScalableDimension: 'ecs:service:DesiredCount',
    });
    expect(target.Properties.MaxCapacity).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(target.Properties.ResourceId)).toContain(logicalId(stack.connector.service));
    template.hasResourceProperties('AWS::ApplicationAutoScaling::ScalingPolicy', {
      PolicyType: 'TargetTrackingScaling',
      ScalingTargetId: { Ref: targetId },
      TargetTrackingScalingPolicyConfiguration: Match.objectLike({
        PredefinedMetricSpecification: { PredefinedMetricType: 'ECSServiceAverageCPUUtilization' },
        TargetValue: CONNECTOR_TARGET_CPU_PERCENT,
      }),
    });
  });

  it("checks the container's health with the image's node against the connector's health endpoint", () => {
    const check = container().HealthCheck;
    expect(check.Command).toEqual(healthCheckCommand());
    expect(check.Command.slice(0, 2)).toEqual(['CMD', 'node']);
    expect(check.Command[3]).toContain(`127.0.0.1:${DEFAULT_HEALTH_PORT}${HEALTH_PATH}`);
    expect(check).toMatchObject({ Interval: 30, Timeout: 5, Retries: 3 });
    expect(check.StartPeriod).toBeGreaterThan(0);
    // the endpoint's port is the default one: nothing in the task moves it
    expect(taskEnv().CONNECTOR_HEALTH_PORT).toBeUndefined();
  });
});

describe('outputs', () => {
  it('exports the CloudFront, HTTP API and WebSocket URLs and the table name', () => {
    expect(Object.keys(template.toJSON().Outputs)).toEqual(
      expect.arrayContaining(['CloudFrontUrl', 'HttpApiUrl', 'WebSocketUrl', 'TableName']),
    );
  });
});

describe('operations', () => {
  const alarms = () => ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
  const topicRef = () => ({ Ref: logicalId(stack.operations.topic) });

  it('alarms on a message in every dead-letter queue, to the alarm topic', () => {
    const dlqs = [...Object.values(stack.queues.deadLetterQueues), stack.scheduler.deadLetterQueue].map((q) => logicalId(q));
    expect(dlqs).toHaveLength(6);
    for (const dlq of dlqs) {
      const alarm = alarms().find(
        (a) => a.MetricName === 'ApproximateNumberOfMessagesVisible' && JSON.stringify(a.Dimensions).includes(dlq),
      );
      expect(alarm, dlq).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', AlarmActions: [topicRef()] });
    }
  });

  it('alarms on every function error and throttle, API 5xx and a connector without tasks', () => {
    for (const fn of stack.functions.values()) {
      for (const metric of ['Errors', 'Throttles']) {
        expect(
          alarms().some((a) => a.MetricName === metric && JSON.stringify(a.Dimensions).includes(logicalId(fn))),
          `${metric} ${fn.node.path}`,
        ).toBe(true);
      }
    }
    expect(alarms().some((a) => a.MetricName === '5xx' && a.Namespace === 'AWS/ApiGateway')).toBe(true);
    expect(alarms().some((a) => a.MetricName === 'ExecutionError' && a.Namespace === 'AWS/ApiGateway')).toBe(true);
    expect(alarms().find((a) => a.MetricName === 'RunningTaskCount')).toMatchObject({
      ComparisonOperator: 'LessThanThreshold',
      Threshold: 1,
      TreatMissingData: 'breaching',
    });
    expect(alarms().every((a) => JSON.stringify(a.AlarmActions) === JSON.stringify([topicRef()]))).toBe(true);
  });

  it('counts the errors every function and the connector caught off their logs into one metric, with one alarm to the alarm topic', () => {
    const filters = ofType('AWS::Logs::MetricFilter').map(([, f]) => f.Properties);
    const watched = [...[...stack.functions.values()].map((fn) => fn.logGroup), stack.connector.logGroup];
    expect(watched).toHaveLength(stack.functions.size + 1);
    for (const logGroup of watched) {
      const filter = filters.find((f) => JSON.stringify(f.LogGroupName).includes(logicalId(logGroup)));
      expect(filter, logGroup.node.path).toMatchObject({
        FilterPattern: '{ $.level = "ERROR" }',
        MetricTransformations: [
          { MetricNamespace: LOG_METRICS_NAMESPACE, MetricName: CAUGHT_ERRORS_METRIC, MetricValue: '1', DefaultValue: 0 },
        ],
      });
    }
    const logAlarms = alarms().filter((a) => a.Namespace === LOG_METRICS_NAMESPACE);
    expect(logAlarms).toHaveLength(1);
    expect(logAlarms[0]).toMatchObject({
      MetricName: CAUGHT_ERRORS_METRIC,
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      Statistic: 'Sum',
      AlarmActions: [topicRef()],
    });
    expect(logAlarms[0]).not.toHaveProperty('Dimensions');
  });

  it('mails the alarms to the address of the AlarmEmail parameter, when one is given', () => {
    const parameters = template.toJSON().Parameters as Record<string, { Type: string; Default?: string }>;
    const name = 'AlarmEmail';
    expect(parameters[name]).toMatchObject({ Type: 'String', Default: '' });
    const [, subscription] = ofType('AWS::SNS::Subscription')[0]!;
    expect(subscription.Properties).toMatchObject({ Protocol: 'email', Endpoint: { Ref: name }, TopicArn: topicRef() });
    expect((subscription as { Condition?: string }).Condition).toBeDefined();
  });

  it('throttles both API stages and caps the jobs consumer', () => {
    const [, httpStage] = ofType('AWS::ApiGatewayV2::Stage').find(([, s]) => s.Properties.StageName === '$default')!;
    expect(httpStage.Properties.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: 1000, ThrottlingBurstLimit: 2000 });
    const [, wsStage] = ofType('AWS::ApiGatewayV2::Stage').find(([, s]) => s.Properties.StageName === 'ws')!;
    expect(wsStage.Properties.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: 1000, ThrottlingBurstLimit: 2000 });
    const mappings = ofType('AWS::Lambda::EventSourceMapping').map(([, m]) => m.Properties);
    const jobs = mappings.find((m) => JSON.stringify(m.EventSourceArn).includes(logicalId(stack.queues.queues.jobs)));
    expect(jobs?.ScalingConfig).toEqual({ MaximumConcurrency: 20 });
  });

  it('sets the account-wide API Gateway logging role only when asked to (the default, said in the README)', () => {
    expect(ofType('AWS::ApiGateway::Account')).toHaveLength(1);
    const { stack: without } = buildStack({ manageApiGatewayAccount: false });
    Template.fromStack(without, { skipCyclicalDependenciesCheck: true }).resourceCountIs('AWS::ApiGateway::Account', 0);
  });

  it("gives the scheduler's deliveries a dead-letter queue the functions name in every schedule", () => {
    const dlq = logicalId(stack.scheduler.deadLetterQueue);
    for (const module of functionModules().filter((m) => manifestOf(m).ports.scheduler)) {
      expect(resources[functionId(module)]!.Properties.Environment.Variables.SCHEDULER_DLQ_ARN).toEqual({
        'Fn::GetAtt': [dlq, 'Arn'],
      });
    }
    const policies = ofType('AWS::IAM::Policy').filter(([, p]) =>
      JSON.stringify(p.Properties.Roles).includes(logicalId(stack.scheduler.role)),
    );
    expect(JSON.stringify(policies)).toContain(dlq);
  });
});

describe('mail', () => {
  it('sends as the verified SES identity given at deploy time, and may send as nothing else', () => {
    const parameters = template.toJSON().Parameters as Record<
      string,
      { Type: string; AllowedPattern?: string; Default?: string }
    >;
    expect(parameters.MailFrom).toMatchObject({ Type: 'String' });
    expect(parameters.MailFrom!.Default).toBeUndefined();
    expect(new RegExp(parameters.MailFrom!.AllowedPattern!).test('no-reply@loja.com.br')).toBe(true);
    expect(new RegExp(parameters.MailFrom!.AllowedPattern!).test('not an address')).toBe(false);
    const [, fn] = ofType('AWS::Lambda::Function').find(([, f]) => f.Properties.Environment?.Variables?.MAIL_FROM)!;
    expect(fn.Properties.Environment.Variables.MAIL_FROM).toEqual({ Ref: 'MailFrom' });
    const sesStatements = ofType('AWS::IAM::Policy')
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
      .filter((s) => JSON.stringify(s.Action).includes('ses:'));
    expect(sesStatements.length).toBeGreaterThan(0);
    for (const statement of sesStatements) {
      const resources = JSON.stringify(statement.Resource);
      expect(resources).toContain('"Ref":"MailFrom"');
      expect(resources).toContain('Fn::Split');
      expect(resources).not.toContain('identity/*');
    }
  });
});

describe('function bundles', () => {
  it('carry the AWS SDK of our lockfile instead of relying on the copy the Lambda runtime ships', () => {
    expect(FUNCTION_BUNDLING.externalModules).toEqual([]);
    expect(FUNCTION_BUNDLING.target).toBe('node22');
  });
});

describe('client addresses behind CloudFront', () => {
  it('sends the API a secret origin header and the viewer address, and gives the functions the secret', () => {
    const [, distribution] = ofType('AWS::CloudFront::Distribution')[0]!;
    const config = distribution.Properties.DistributionConfig;
    const api = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    const origin = config.Origins.find((o: { Id: string }) => o.Id === api.TargetOriginId);
    const header = origin.OriginCustomHeaders.find((h: { HeaderName: string }) => h.HeaderName === 'x-origin-verify');
    const originKey = logicalId(stack.jwt.originKey);
    expect(JSON.stringify(header.HeaderValue)).toMatch(/\{\{resolve:secretsmanager:/);
    expect(JSON.stringify(header.HeaderValue)).toContain(originKey);
    expect(api.FunctionAssociations).toHaveLength(1);
    const [, fn] = ofType('AWS::CloudFront::Function').find(([, f]) =>
      String(f.Properties.FunctionCode).includes('x-viewer-address'),
    )!;
    expect(fn.Properties.FunctionCode).toContain('event.viewer.ip');
    expect(api.FunctionAssociations[0].FunctionARN).toEqual({ 'Fn::GetAtt': [expect.any(String), 'FunctionARN'] });

    const secret = resources[logicalId(stack.jwt.secret)]!;
    expect(JSON.stringify(secret.Properties.SecretString)).toContain('originSecret');
    expect(JSON.stringify(secret.Properties.SecretString)).toContain(originKey);
  });

  it('sends the WebSocket API the same secret origin header, which $connect checks', () => {
    const [, distribution] = ofType('AWS::CloudFront::Distribution')[0]!;
    const config = distribution.Properties.DistributionConfig;
    const ws = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/ws');
    const origin = config.Origins.find((o: { Id: string }) => o.Id === ws.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain(logicalId(stack.realtimeApi.api));
    const header = origin.OriginCustomHeaders.find((h: { HeaderName: string }) => h.HeaderName === 'x-origin-verify');
    expect(JSON.stringify(header.HeaderValue)).toMatch(/\{\{resolve:secretsmanager:/);
    expect(JSON.stringify(header.HeaderValue)).toContain(logicalId(stack.jwt.originKey));
    // the realtime function reads the secret the header is checked against
    const realtimeRole = resources[functionId(WEBSOCKET_MODULE)]!.Properties.Role;
    const policies = ofType('AWS::IAM::Policy').filter(([, p]) =>
      JSON.stringify(p.Properties.Roles).includes(JSON.stringify(realtimeRole['Fn::GetAtt'][0])),
    );
    expect(JSON.stringify(policies)).toContain(logicalId(stack.jwt.secret));
  });
});

describe('Meta app settings', () => {
  const APP_SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:switchboard/meta-app-AbCdEf';

  it('gives the webhooks function the verify token and the app secret by ARN from context, with read access to it alone', () => {
    const app = new App({
      context: {
        ...cdkJsonContext(),
        'switchboard:metaAppSecretArn': APP_SECRET_ARN,
        'switchboard:metaVerifyToken': 'verify-from-context',
        'switchboard:metaGraphUrl': 'https://graph.example.test',
      },
      outdir: mkdtempSync(path.join(tmpdir(), 'switchboard-cdk-')),
    });
    const configured = new SwitchboardStack(app, 'Switchboard', { bundling: false, webDistPath: false });
    const json = Template.fromStack(configured).toJSON() as { Resources: Record<string, Resource> };
    const fnOf = (module: string) => json.Resources[logicalId(configured.functions.get(module)!)]!;
    const webhooks = fnOf('webhooks').Properties.Environment.Variables;
    expect(webhooks).toMatchObject({
      META_APP_SECRET_ARN: APP_SECRET_ARN,
      META_VERIFY_TOKEN: 'verify-from-context',
      META_GRAPH_URL: 'https://graph.example.test',
    });
    expect(webhooks.META_APP_SECRET).toBeUndefined();
    // the Graph base URL reaches every Graph caller (sends, media, pages, templates); the secret only the webhook checker
    expect(fnOf('outbound').Properties.Environment.Variables.META_GRAPH_URL).toBe('https://graph.example.test');
    expect(fnOf('connections').Properties.Environment.Variables.META_GRAPH_URL).toBe('https://graph.example.test');
    expect(fnOf('connections').Properties.Environment.Variables.META_APP_SECRET_ARN).toBeUndefined();
    const readers = Object.values(json.Resources).filter(
      (r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.PolicyDocument).includes(APP_SECRET_ARN),
    );
    expect(readers.map((p) => p.Properties.Roles)).toEqual([[{ Ref: logicalId(configured.functions.get('webhooks')!.role!) }]]);
  });

  it('gives the invoices function alone the Pix API URL and the credentials secret by ARN, with read access to it', () => {
    const PIX_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:switchboard/pix-AbCdEf';
    const app = new App({
      context: {
        ...cdkJsonContext(),
        'switchboard:pixApiUrl': 'https://pix.psp.example.test',
        'switchboard:pixCredentialsArn': PIX_ARN,
      },
      outdir: mkdtempSync(path.join(tmpdir(), 'switchboard-cdk-')),
    });
    const configured = new SwitchboardStack(app, 'Switchboard', { bundling: false, webDistPath: false });
    const json = Template.fromStack(configured).toJSON() as { Resources: Record<string, Resource> };
    const envOf = (module: string) =>
      json.Resources[logicalId(configured.functions.get(module)!)]!.Properties.Environment.Variables;
    expect(envOf('invoices')).toMatchObject({ PIX_API_URL: 'https://pix.psp.example.test', PIX_CREDENTIALS_ARN: PIX_ARN });
    expect(envOf('invoices').PIX_CLIENT_SECRET).toBeUndefined();
    expect(envOf('tickets').PIX_CREDENTIALS_ARN).toBeUndefined();
    const readers = Object.values(json.Resources).filter(
      (r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.PolicyDocument).includes(PIX_ARN),
    );
    expect(readers.map((p) => p.Properties.Roles)).toEqual([[{ Ref: logicalId(configured.functions.get('invoices')!.role!) }]]);
  });

  it('sets none of them without configuration (Messenger and Instagram webhooks then refuse every post)', () => {
    const webhooksEnv = resources[functionId('webhooks')]!.Properties.Environment.Variables;
    expect(webhooksEnv.META_APP_SECRET_ARN).toBeUndefined();
    expect(webhooksEnv.META_VERIFY_TOKEN).toBeUndefined();
    expect(webhooksEnv.META_GRAPH_URL).toBeUndefined();
  });
});

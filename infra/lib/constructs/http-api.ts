import { NestedStack, Stack } from 'aws-cdk-lib';
import * as apigwv1 from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { API_PREFIX, routes, routeKey, type RouteEntry } from '@switchboard/shared/routes';
import { Construct } from 'constructs';
import { acknowledge } from '../nag.ts';
import { LEGACY_ROUTE_STACKS } from './legacy-route-stacks.ts';
import { MOVED_ROUTES } from './moved-routes.ts';

/** Requests per second (steady and burst) each API stage takes before answering 429. */
export const API_RATE_LIMIT = 1000;
export const API_BURST_LIMIT = 2000;
/** The nested stacks by module that hold new HTTP routes: each route is one resource, and a stack holds at most 500. */
export const ROUTE_STACK_COUNT = 4;

/**
 * The module stack (1..ROUTE_STACK_COUNT) of a module's new routes: a hash of the module's name alone (FNV-1a), so
 * a route added anywhere in the table never moves another one. A route that changed stacks would be created in its
 * new stack before being deleted from its old one, and API Gateway refuses the second copy of its route key.
 */
export const routeStackOf = (module: string): number => {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(module, 'utf8')) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return (hash % ROUTE_STACK_COUNT) + 1;
};

/** The id and module a route was deployed under: its own, or those it had before it moved (MOVED_ROUTES). */
export const deployedAs = (route: Pick<RouteEntry, 'id' | 'module'>): { id: string; module: string } =>
  MOVED_ROUTES[route.id] ?? route;

/** The id a route was deployed under, which names its construct and so its logical id. */
export const deployedIdOf = (route: Pick<RouteEntry, 'id' | 'module'>): string => deployedAs(route).id;

/**
 * The id of a route's nested stack: a route deployed when routes were placed by position keeps the stack it has
 * (LEGACY_ROUTE_STACKS), any other goes to its module's stack; a moved route, to those of what it was deployed as.
 */
export const routeStackIdOf = (route: Pick<RouteEntry, 'id' | 'module'>): string => {
  const deployed = deployedAs(route);
  return LEGACY_ROUTE_STACKS[deployed.id] ?? `ModuleRoutes${routeStackOf(deployed.module)}`;
};

/** HTTP API whose routes are exactly the route table's, each integrated with its module's function. */
export class ModuleHttpApi extends Construct {
  readonly api: apigw.HttpApi;
  readonly stage: apigw.HttpStage;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    // no CORS: the web app reaches /api through CloudFront on its own origin
    this.api = new apigw.HttpApi(this, 'Api', {
      description: 'Switchboard HTTP API (routes from shared/src/routes.ts)',
      createDefaultStage: false,
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.ONE_MONTH });
    this.stage = this.api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      // a ceiling for the whole API below the account's, so one flood cannot take every function's concurrency
      throttle: { rateLimit: API_RATE_LIMIT, burstLimit: API_BURST_LIMIT },
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: apigwv1.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTimeEpoch',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latency: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
  }

  /**
   * One route per route-table entry; `functions` maps module name to its function. The routes live in nested
   * stacks chosen by routeStackIdOf (a stack holds at most 500 resources, and the table keeps growing); the API, one
   * integration per module function and its invoke permission stay here.
   */
  addRoutes(functions: ReadonlyMap<string, IFunction>, table: readonly RouteEntry[] = routes): void {
    const integrations = new Map<string, apigw.HttpIntegration>();
    const integrationOf = (module: string): apigw.HttpIntegration => {
      const handler = functions.get(module);
      if (!handler) throw new Error(`No function for module "${module}"`);
      let integration = integrations.get(module);
      if (!integration) {
        integration = new apigw.HttpIntegration(this, `${module}-integration`, {
          httpApi: this.api,
          integrationType: apigw.HttpIntegrationType.AWS_PROXY,
          integrationUri: handler.functionArn,
          payloadFormatVersion: apigw.PayloadFormatVersion.VERSION_2_0,
        });
        // one invoke permission per function for the whole API, not one per route: resource policies
        // are capped at 20 KB and big modules have dozens of routes
        handler.addPermission(`${module}-api-invoke`, {
          principal: new iam.ServicePrincipal('apigateway.amazonaws.com'),
          action: 'lambda:InvokeFunction',
          sourceArn: Stack.of(this).formatArn({ service: 'execute-api', resource: this.api.apiId, resourceName: '*/*/*' }),
        });
        integrations.set(module, integration);
      }
      return integration;
    };
    const routeStacks = new Map<string, NestedStack>();
    const routeStack = (route: RouteEntry): NestedStack => {
      const stackId = routeStackIdOf(route);
      let nested = routeStacks.get(stackId);
      if (!nested) {
        nested = new NestedStack(this, stackId, { description: 'Switchboard HTTP API routes (shared/src/route-table.ts)' });
        acknowledge(
          nested,
          'Authenticated inside the module functions (our JWT, or a connection token), or public by design: the route table says which.',
          'AwsSolutions-APIG4',
        );
        routeStacks.set(stackId, nested);
      }
      return nested;
    };
    for (const route of table) {
      if (!functions.get(route.module)) throw new Error(`No function for module "${route.module}" of route ${route.id}`);
      const key = apigw.HttpRouteKey.with(`${API_PREFIX}${route.path}`, apigw.HttpMethod[route.method]);
      if (key.key !== routeKey(route)) throw new Error(`Route key ${key.key} differs from routeKey() ${routeKey(route)}`);
      new apigw.CfnRoute(routeStack(route), deployedIdOf(route), {
        apiId: this.api.apiId,
        routeKey: key.key,
        target: `integrations/${integrationOf(route.module).integrationId}`,
      });
    }
    // any other path answers the same JSON 404 as the local gateway: the system module's dispatcher knows no
    // route key "$default" and says ERR_ROUTE_NOT_FOUND
    const fallback = functions.get('system');
    if (!fallback) throw new Error('No function for module "system" to answer unknown routes');
    const notFound = new apigw.CfnRoute(this, 'unknown-route', {
      apiId: this.api.apiId,
      routeKey: '$default',
      target: `integrations/${integrationOf('system').integrationId}`,
    });
    acknowledge(notFound, 'Answers 404 for unknown paths; nothing to authorise.', 'AwsSolutions-APIG4');
    // calls of the $default route come from <api>/<stage>/$default, which the integration's permission
    // (<api>/*/*/*, for METHOD/path routes) does not cover: without this they would answer 500
    fallback.addPermission('UnknownRouteInvoke', {
      principal: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      action: 'lambda:InvokeFunction',
      sourceArn: Stack.of(this).formatArn({ service: 'execute-api', resource: this.api.apiId, resourceName: '*/$default' }),
    });
  }
}

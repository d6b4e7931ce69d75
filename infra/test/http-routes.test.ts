import { App, NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { routeKey, routes, type ModuleName, type RouteEntry } from '@switchboard/shared/routes';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { deployedIdOf, ModuleHttpApi, ROUTE_STACK_COUNT, routeStackIdOf, routeStackOf } from '../lib/constructs/http-api.ts';
import { LEGACY_ROUTE_STACKS } from '../lib/constructs/legacy-route-stacks.ts';
import { MOVED_ROUTES } from '../lib/constructs/moved-routes.ts';
import type { SwitchboardStack } from '../lib/stacks/switchboard-stack.ts';
import { buildStack, cdkJsonContext, logicalId } from './synth-stack.ts';

/** CloudFormation's limit of resources in one stack. */
const STACK_RESOURCE_LIMIT = 500;

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;

const nestedStacks = (scope: IConstruct): NestedStack[] =>
  scope.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack);

/** Route key -> where its resource is: the nested stack's construct path and the route's logical id in it. */
const routePlacement = (scope: IConstruct): Map<string, string> => {
  const placement = new Map<string, string>();
  for (const nested of nestedStacks(scope)) {
    for (const [id, resource] of Object.entries(Template.fromStack(nested).toJSON().Resources as Resources)) {
      if (resource.Type === 'AWS::ApiGatewayV2::Route')
        placement.set(String(resource.Properties.RouteKey), `${nested.node.path} ${id}`);
    }
  }
  return placement;
};

/** The HTTP API construct of the stack, given a route table and a function for each of its modules. */
const synthesizeRoutes = (table: readonly RouteEntry[]): Map<string, string> => {
  const stack = new Stack(new App({ context: cdkJsonContext() }), 'Switchboard');
  const api = new ModuleHttpApi(stack, 'Http');
  const modules = new Set<string>(['system', ...table.map((r) => r.module)]);
  const functions = new Map(
    [...modules].map((module) => [
      module,
      new lambda.Function(stack, `${module}-function`, {
        runtime: lambda.Runtime.NODEJS_22_X,
        handler: 'index.handler',
        code: lambda.Code.fromInline('exports.handler = async () => ({})'),
      }),
    ]),
  );
  api.addRoutes(functions, table);
  return routePlacement(api);
};

/** Routes per nested stack when routes were placed by position, the first 150 of the table in Routes1 and so on. */
const ROUTES_PER_POSITIONAL_STACK = 150;
const legacyStacks = new Set(Object.values(LEGACY_ROUTE_STACKS)).size;

describe('HTTP routes in nested stacks', () => {
  it('holds the stacks that routes by position were given, in table order', () => {
    expect(Object.entries(LEGACY_ROUTE_STACKS)).toEqual(
      Object.keys(LEGACY_ROUTE_STACKS).map((id, i) => [id, `Routes${Math.floor(i / ROUTES_PER_POSITIONAL_STACK) + 1}`]),
    );
  });

  it('keeps every route deployed by position in its stack, under the logical id it had', () => {
    const placement = synthesizeRoutes(routes);
    // a route that moved to another module since is known by the id it was deployed under
    const deployed = routes.filter((route) => deployedIdOf(route) in LEGACY_ROUTE_STACKS);
    expect(deployed.length).toBe(Object.keys(LEGACY_ROUTE_STACKS).length);
    for (const route of deployed) {
      expect(placement.get(routeKey(route)), route.id).toBe(
        `Switchboard/Http/${LEGACY_ROUTE_STACKS[deployedIdOf(route)]} ${deployedIdOf(route).replace(/[^A-Za-z0-9]/g, '')}`,
      );
    }
  });

  it('keeps every route in its nested stack, under its logical id, when routes are added at the start of the table', () => {
    const before = synthesizeRoutes(routes);
    expect(before.size).toBe(routes.length);
    const added: RouteEntry[] = [
      { id: 'tickets.added-first', method: 'GET', path: '/tickets-added-first', module: 'tickets', auth: 'user' },
      // a module the table does not have yet
      { id: 'reports.summary', method: 'GET', path: '/reports/summary', module: 'reports' as ModuleName, auth: 'user' },
    ];
    const after = synthesizeRoutes([...added, ...routes]);
    expect(after.size).toBe(routes.length + added.length);
    const moved = [...before].filter(([key, place]) => after.get(key) !== place);
    expect(moved).toEqual([]);
  });

  it('keeps a route served by another module since its deploy under the logical id and stack it was deployed with', () => {
    expect(routes.find((r) => r.id === 'tickets.close-imported')?.module).toBe('tickets');
    expect(synthesizeRoutes(routes).get('POST /api/closedimported/{id}')).toBe(
      'Switchboard/Http/Routes1 connectionscloseimported',
    );
  });

  it('lists as moved only routes of the table, each served by another module, under an id no route has now', () => {
    expect(Object.keys(MOVED_ROUTES).length).toBeGreaterThan(0);
    for (const [id, was] of Object.entries(MOVED_ROUTES)) {
      const route = routes.find((r) => r.id === id);
      expect(route, id).toBeDefined();
      expect(route!.module, id).not.toBe(was.module);
      expect(routes.map((r) => r.id)).not.toContain(was.id);
    }
  });
});

describe('HTTP routes of the stack', () => {
  let stack: SwitchboardStack;
  beforeAll(() => {
    ({ stack } = buildStack());
  });

  it("puts each route added since the stacks by position in its module's stack", () => {
    const placement = routePlacement(stack.httpApi);
    const added = routes.filter((route) => !(deployedIdOf(route) in LEGACY_ROUTE_STACKS));
    expect(added.length).toBeGreaterThan(0);
    for (const route of added) {
      expect(placement.get(routeKey(route))?.split(' ')[0], route.id).toBe(
        `Switchboard/Http/ModuleRoutes${routeStackOf(route.module)}`,
      );
    }
  });

  it("points a moved route, under the logical id it was deployed with, at its new module's integration", () => {
    const routes1 = nestedStacks(stack.httpApi).find((n) => n.node.id === 'Routes1')!;
    const route = (Template.fromStack(routes1).toJSON().Resources as Resources).connectionscloseimported;
    expect(route?.Properties.RouteKey).toBe('POST /api/closedimported/{id}');
    // the target names a parameter of the nested stack, which the parent stack sets to the integration's id
    const parameter = /"Ref":"([^"]+)"/.exec(JSON.stringify(route?.Properties.Target))?.[1];
    const parent = Template.fromStack(stack, { skipCyclicalDependenciesCheck: true }).toJSON().Resources as Resources;
    const parametersOf = (r: Resources[string]) => (r.Properties.Parameters ?? {}) as Record<string, unknown>;
    const passed = Object.values(parent).find((r) => r.Type === 'AWS::CloudFormation::Stack' && parameter! in parametersOf(r));
    expect(parameter).toBeDefined();
    expect(parametersOf(passed!)[parameter!]).toEqual({
      Ref: logicalId(stack.httpApi.node.findChild('tickets-integration')),
    });
  });

  it('stays under the resource limit of a stack: one resource per route in each nested stack, and the parent stack', () => {
    const nested = nestedStacks(stack.httpApi);
    expect(nested.length).toBeLessThanOrEqual(legacyStacks + ROUTE_STACK_COUNT);
    for (const child of nested) {
      const resources = Object.values(Template.fromStack(child).toJSON().Resources as Resources);
      expect(resources.map((r) => r.Type)).toEqual(
        routes.filter((r) => routeStackIdOf(r) === child.node.id).map(() => 'AWS::ApiGatewayV2::Route'),
      );
      expect(resources.length, child.node.path).toBeLessThanOrEqual(STACK_RESOURCE_LIMIT);
    }
    const parentResources = Object.keys(
      Template.fromStack(stack, { skipCyclicalDependenciesCheck: true }).toJSON().Resources,
    ).length;
    expect(parentResources).toBeLessThanOrEqual(STACK_RESOURCE_LIMIT);
  });
});

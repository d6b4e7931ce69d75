import { App, NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { routeKey, routes, type ModuleName, type RouteEntry } from '@switchboard/shared/routes';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ModuleHttpApi, ROUTE_STACK_COUNT, routeStackOf } from '../lib/constructs/http-api.ts';
import type { SwitchboardStack } from '../lib/stacks/switchboard-stack.ts';
import { buildStack, cdkJsonContext } from './synth-stack.ts';

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

describe('HTTP routes in nested stacks', () => {
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
});

describe('HTTP routes of the stack', () => {
  let stack: SwitchboardStack;
  beforeAll(() => {
    ({ stack } = buildStack());
  });

  it('puts all routes of a module in the same nested stack', () => {
    const placement = routePlacement(stack.httpApi);
    for (const route of routes) {
      expect(placement.get(routeKey(route))?.split(' ')[0], route.id).toBe(
        `Switchboard/Http/Routes${routeStackOf(route.module)}`,
      );
    }
  });

  it('stays under the resource limit of a stack: one resource per route in each nested stack, and the parent stack', () => {
    const nested = nestedStacks(stack.httpApi);
    expect(nested.length).toBeLessThanOrEqual(ROUTE_STACK_COUNT);
    for (const child of nested) {
      const resources = Object.values(Template.fromStack(child).toJSON().Resources as Resources);
      const n = Number(child.node.id.replace('Routes', ''));
      expect(resources.map((r) => r.Type)).toEqual(
        routes.filter((r) => routeStackOf(r.module) === n).map(() => 'AWS::ApiGatewayV2::Route'),
      );
      expect(resources.length, child.node.path).toBeLessThanOrEqual(STACK_RESOURCE_LIMIT);
    }
    const parentResources = Object.keys(
      Template.fromStack(stack, { skipCyclicalDependenciesCheck: true }).toJSON().Resources,
    ).length;
    expect(parentResources).toBeLessThanOrEqual(STACK_RESOURCE_LIMIT);
  });
});

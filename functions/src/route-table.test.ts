import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchRoute, modules, routes } from '@switchboard/shared/routes';
import { describe, expect, it } from 'vitest';

const modulesDir = fileURLToPath(new URL('./modules', import.meta.url));

const handlerFiles = (module: string): string[] => {
  try {
    return readdirSync(join(modulesDir, module, 'handlers'))
      .filter((f) => f.endsWith('.handler.ts'))
      .map((f) => `${module}.${f.replace(/\.handler\.ts$/, '')}`);
  } catch {
    return [];
  }
};

describe('route table and handlers', () => {
  it('gives every route a handler file and every handler file a route', () => {
    const routeIds = routes.map((r) => r.id).sort();
    const files = modules.flatMap(handlerFiles).sort();
    expect(files).toEqual(routeIds);
  });

  it.each(modules)('module %s registers exactly its routes in its function', async (module) => {
    const entry = (await import(`./modules/${module}/${module}.function.ts`)) as { handler: { routeIds: string[] } };
    const expected = routes
      .filter((r) => r.module === module)
      .map((r) => r.id)
      .sort();
    expect([...entry.handler.routeIds].sort()).toEqual(expected);
  });

  it('has unique ids and unique method + path pairs', () => {
    expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
    expect(new Set(routes.map((r) => `${r.method} ${r.path}`)).size).toBe(routes.length);
  });

  it('resolves each route path to itself', () => {
    for (const route of routes) {
      const concrete = route.path.replace(/\{(\w+)\}/g, 'x1');
      const match = matchRoute(route.method, concrete);
      expect(match && 'route' in match ? match.route.id : undefined).toBe(route.id);
    }
  });
});

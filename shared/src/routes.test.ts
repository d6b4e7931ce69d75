import { describe, expect, it } from 'vitest';
import { buildPath, matchRoute, routeKey, type RouteDef } from './routes.ts';

const table: RouteDef[] = [
  { id: 'contacts.show', method: 'GET', path: '/contacts/{id}', module: 'users', auth: 'user' },
  { id: 'contacts.list', method: 'GET', path: '/contacts/list', module: 'users', auth: 'user' },
  { id: 'contacts.update', method: 'PUT', path: '/contacts/{id}', module: 'users', auth: 'user' },
];

describe('matchRoute', () => {
  it('prefers a literal segment over a parameter, as API Gateway does', () => {
    const match = matchRoute('GET', '/contacts/list', table);
    expect(match && 'route' in match && match.route.id).toBe('contacts.list');
  });

  it('decodes path parameters', () => {
    const match = matchRoute('GET', '/contacts/a%40b.com', table);
    expect(match && 'route' in match && match.params).toEqual({ id: 'a@b.com' });
  });

  it('tells a known path with another method apart from an unknown path', () => {
    expect(matchRoute('DELETE', '/contacts/7', table)).toEqual({ methodNotAllowed: true });
    expect(matchRoute('GET', '/nothing/here', table)).toBeUndefined();
    expect(matchRoute('GET', '/contacts/7/extra', table)).toBeUndefined();
  });

  it('refuses malformed escapes instead of throwing', () => {
    expect(matchRoute('GET', '/contacts/%E0%A4%A', table)).toEqual(undefined);
  });
});

describe('buildPath and routeKey', () => {
  it('encodes parameters and names the API Gateway route key with the /api prefix', () => {
    expect(buildPath('/resetpasswords/{email}/{token}', { email: 'a@b.c', token: 't/1' })).toBe('/resetpasswords/a%40b.c/t%2F1');
    expect(() => buildPath('/users/{id}')).toThrow(/id/);
    expect(routeKey({ method: 'POST', path: '/auth/login' })).toBe('POST /api/auth/login');
  });
});

describe('route paths', () => {
  it('start with a slash and never end with one (API Gateway refuses such route keys)', async () => {
    const { routes } = await import('./routes.ts');
    for (const r of routes) expect(r.path, r.id).toMatch(/^\/(?:[^/]+(?:\/[^/]+)*)?$/);
  });

  it('name the variable of one path position alike (API Gateway refuses routes whose names differ there)', async () => {
    const { routes } = await import('./routes.ts');
    const names = new Map<string, { name: string; route: string }>();
    for (const r of routes) {
      const segments = r.path.split('/').filter(Boolean);
      segments.forEach((segment, i) => {
        const variable = /^\{(\w+)\}$/.exec(segment)?.[1];
        if (!variable) return;
        // the position: the segments before it, with every variable alike
        const position = segments
          .slice(0, i)
          .map((s) => (s.startsWith('{') ? '{}' : s))
          .join('/');
        const seen = names.get(position);
        if (seen) expect(variable, `${r.id} (${r.path}) against ${seen.route}`).toBe(seen.name);
        else names.set(position, { name: variable, route: `${r.id} (${r.path})` });
      });
    }
  });
});

import { z } from 'zod';
import { routes as table, type RouteDef } from '@switchboard/shared/routes';
import { describe, expect, it } from 'vitest';
import { renderDocsPage } from './docs-page.ts';
import { buildOpenApiDocument, type JsonSchema, type OpenApiDocument } from './openapi.ts';

const routes: readonly RouteDef[] = table;
const doc = buildOpenApiDocument({ version: '9.9.9' });
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every `$ref` of a value, wherever it sits. */
const refsIn = (value: unknown, out: string[] = []): string[] => {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refsIn(v, out);
    }
  }
  return out;
};

const pointer = (document: OpenApiDocument, ref: string): unknown =>
  ref
    .slice(2)
    .split('/')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object'
          ? (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')]
          : undefined,
      document,
    );

const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ path, method, op })),
);

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 in shape: version, info, servers, paths of operations only, JSON all through', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: '9.9.9' });
    expect(doc.servers[0]!.url).toBe('/api');
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\//);
      for (const method of Object.keys(item)) expect(methods).toContain(method);
    }
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('has every route of the table once, under its path and method, with its id as operationId', () => {
    for (const route of routes) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect(op, route.id).toBeDefined();
      expect(op!.operationId).toBe(route.id);
      expect(op!.tags).toEqual([route.module]);
      expect(Object.keys(op!.responses)).toContain(String(route.status ?? 200));
    }
    expect(operations).toHaveLength(routes.length);
    expect(new Set(operations.map((o) => o.op.operationId)).size).toBe(routes.length);
    expect(doc.tags.map((t) => t.name).sort()).toEqual([...new Set(routes.map((r) => r.module))].sort());
  });

  it('declares every path parameter as a required path parameter, and none that the path lacks', () => {
    for (const { path, op } of operations) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = op.parameters.filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort(), op.operationId).toEqual([...names].sort());
      for (const p of declared) expect(p.required, `${op.operationId} {${p.name}}`).toBe(true);
      const keys = op.parameters.map((p) => `${p.in}:${p.name}`);
      expect(new Set(keys).size, op.operationId).toBe(keys.length);
    }
  });

  it('takes request bodies, queries and answers from the route schemas', () => {
    for (const route of routes) {
      const op = doc.paths[route.path]![route.method.toLowerCase()]!;
      if (route.body) {
        const schema = op.requestBody!.content['application/json']!.schema;
        const expected = z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
        expect(Object.keys((schema.properties as object | undefined) ?? {}), route.id).toEqual(
          Object.keys((expected.properties as object | undefined) ?? {}),
        );
        expect(schema.required, route.id).toEqual(expected.required);
      } else if (!route.rawBody) {
        expect(op.requestBody, route.id).toBeUndefined();
      }
      if (route.query) {
        const expected = z.toJSONSchema(route.query, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
        const names = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
        expect(names, route.id).toEqual(Object.keys((expected.properties as object | undefined) ?? {}));
      }
      if (route.response)
        expect(op.responses[String(route.status ?? 200)]!.content?.['application/json']?.schema, route.id).toBeDefined();
      if (route.auth === 'public') expect(op.security, route.id).toEqual([]);
      else
        for (const requirement of op.security)
          for (const name of Object.keys(requirement)) expect(doc.components.securitySchemes).toHaveProperty(name);
    }
  });

  it('documents the external send as JSON and as multipart with files, with the token, the key and 429', () => {
    const op = doc.paths['/v1/messages/send']!.post!;
    expect(op.security).toEqual([{ connectionToken: [] }]);
    const json = op.requestBody!.content['application/json']!.schema;
    expect(json.required).toEqual(['number']);
    expect(Object.keys(json.properties as object)).toEqual([
      'number',
      'body',
      'userId',
      'queueId',
      'sendSignature',
      'closeTicket',
    ]);
    const form = op.requestBody!.content['multipart/form-data']!.schema as { properties: Record<string, JsonSchema> };
    expect(form.properties.medias).toMatchObject({
      type: 'array',
      items: { type: 'string', contentMediaType: 'application/octet-stream' },
    });
    expect(op.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }));
    expect(op.responses['429']!.headers).toHaveProperty('Retry-After');
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '409', '422', '429']));
  });

  it('resolves every $ref inside the document (recursive schemas are moved to the components)', () => {
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref, ref).toMatch(/^#\/components\/schemas\//);
      expect(pointer(doc, ref), ref).toBeDefined();
    }
    expect(JSON.stringify(doc)).not.toContain('"$schema"');
  });
});

describe('the reference page', () => {
  const page = renderDocsPage(doc);

  it('lists every operation grouped by module, the external API first, with no script', () => {
    for (const route of routes) expect(page, route.id).toContain(`id="op-${route.id.replace(/[^\w-]+/g, '-')}"`);
    const sections = [...page.matchAll(/<section id="tag-([\w-]+)">/g)].map((m) => m[1]);
    expect(sections[0]).toBe('external-api');
    expect(sections.sort()).toEqual([...new Set(routes.map((r) => r.module))].sort());
    expect(page).not.toMatch(/<script/i);
  });

  it('escapes what it shows', () => {
    const hostile = buildOpenApiDocument({ version: '<img src=x onerror=alert(1)>' });
    expect(renderDocsPage(hostile)).not.toContain('<img src=x');
  });
});

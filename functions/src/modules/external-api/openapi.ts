/**
 * The API's OpenAPI 3.1 document, made from the route table and the zod schemas attached to its routes: every
 * route once, its path parameters, query, body and answer as JSON Schema (draft 2020-12, OpenAPI 3.1's dialect),
 * who may call it and the error answers of the catalogue. Nothing is written by hand that the table already says.
 */
import { z } from 'zod';
import { EXTERNAL_MAX_FILES, EXTERNAL_MAX_UPLOAD_BYTES } from '@switchboard/shared/contracts/external-api';
import { errorStatus } from '@switchboard/shared/errors';
import { API_PREFIX, routes, type RouteDef } from '@switchboard/shared/routes';

export type JsonSchema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Record<string, string[]>[];
  parameters: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<
    string,
    { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: JsonSchema }> }
  >;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, JsonSchema> };
}

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** Text the table cannot say: the operations integrators read first. */
const notes: Partial<Record<RouteDef['id'], { summary: string; description: string }>> = {
  'external-api.send': {
    summary: 'Send a message to a number (external messages API)',
    description: [
      "Authenticated by a connection's secret API token: `Authorization: Bearer <API token>` (the connection's dialog shows it to admins, who can regenerate it; the old one is then refused). A web chat's public widget key is not an API token and is refused.",
      "The message goes out through that connection, in the contact's ticket (the running one, or a new one); the contact is created when unknown. A number the company has a contact for in another form (with or without the country code 55, or a Brazilian mobile number with or without its ninth digit) is that contact's.",
      '`number`: digits only — country code, area code and number, without mask, `+` or spaces (e.g. 5511999998888).',
      "`userId` opens the ticket for that user, `queueId` moves it to that queue, `sendSignature` prefixes the user's name, `closeTicket` closes the ticket once the message is recorded.",
      `Send JSON, or multipart/form-data with the same fields as text and up to ${EXTERNAL_MAX_FILES} files in \`medias\` (${EXTERNAL_MAX_UPLOAD_BYTES / 1024 / 1024} MB together); each file is one message, the body is the first one's caption.`,
      "The company's plan must include the external API. A token may make a limited number of calls per minute (429 with Retry-After past it).",
      "Send an `Idempotency-Key` header to retry safely: a call repeated with the same key within 24 hours answers the first call's result and sends nothing again.",
    ].join('\n\n'),
  },
  'external-api.openapi': {
    summary: 'This OpenAPI document',
    description: 'The whole API as OpenAPI 3.1, generated from the route table.',
  },
  'external-api.docs': { summary: 'The API reference page', description: 'A readable page of this document, grouped by module.' },
};

/** Headers some operations read besides their parameters. */
const extraParameters: Partial<Record<RouteDef['id'], Parameter[]>> = {
  'external-api.send': [
    {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        "A key of the caller's choice (up to 255 visible ASCII characters): repeated calls with it answer the first call's result.",
      schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
    },
  ],
};

/**
 * A schema as JSON Schema, its `$defs` (recursive types such as chatbot option trees) moved to the components
 * under names of their own, so every `$ref` resolves from the document's root.
 */
const toSchema = (
  schema: z.ZodType,
  io: 'input' | 'output',
  owner: string,
  components: Record<string, JsonSchema>,
): JsonSchema => {
  const {
    $schema: _dialect,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  if (!$defs) return rest;
  const prefix = `${owner.replace(/[^\w]+/g, '_')}_${io}_`;
  const rename = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rename);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [
          k,
          k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')
            ? `#/components/schemas/${prefix}${v.slice(8)}`
            : rename(v),
        ]),
      );
    }
    return value;
  };
  for (const [name, def] of Object.entries($defs)) components[`${prefix}${name}`] = rename(def) as JsonSchema;
  return rename(rest) as JsonSchema;
};

const pathNames = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

const objectParts = (schema: JsonSchema): { properties: Record<string, JsonSchema>; required: string[] } => ({
  properties: (schema.properties as Record<string, JsonSchema> | undefined) ?? {},
  required: (schema.required as string[] | undefined) ?? [],
});

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const securityOf = (route: RouteDef): Record<string, string[]>[] => {
  if (route.auth === 'user') return [{ accessToken: [] }];
  if (route.auth === 'connection') return [{ connectionToken: [] }];
  return [];
};

const responseContent = (
  route: RouteDef,
  components: Record<string, JsonSchema>,
): Record<string, { schema: JsonSchema }> | undefined => {
  if (route.id === 'external-api.docs') return { 'text/html': { schema: { type: 'string' } } };
  if (route.id === 'external-api.openapi')
    return { 'application/json': { schema: { type: 'object', description: 'An OpenAPI 3.1 document' } } };
  return route.response
    ? { 'application/json': { schema: toSchema(route.response, 'output', `${route.id}.response`, components) } }
    : undefined;
};

const operationOf = (route: RouteDef, components: Record<string, JsonSchema>): Operation => {
  const parameters: Parameter[] = [];
  const params = route.params ? objectParts(toSchema(route.params, 'input', `${route.id}.params`, components)) : undefined;
  for (const name of pathNames(route.path)) {
    parameters.push({ name, in: 'path', required: true, schema: params?.properties[name] ?? { type: 'string' } });
  }
  if (route.query) {
    const query = objectParts(toSchema(route.query, 'input', `${route.id}.query`, components));
    for (const [name, schema] of Object.entries(query.properties))
      parameters.push({ name, in: 'query', required: query.required.includes(name), schema });
  }
  parameters.push(...(extraParameters[route.id] ?? []));

  const operation: Operation = {
    operationId: route.id,
    tags: [route.module],
    summary: notes[route.id]?.summary ?? `${route.method} ${API_PREFIX}${route.path}`,
    ...(notes[route.id]?.description ? { description: notes[route.id]!.description } : {}),
    security: securityOf(route),
    parameters,
    responses: {},
  };

  if (route.body) {
    const body = toSchema(route.body, 'input', `${route.id}.body`, components);
    const content: Record<string, { schema: JsonSchema }> = { 'application/json': { schema: body } };
    if (route.multipart) {
      const form = objectParts(body);
      content['multipart/form-data'] = {
        schema: {
          type: 'object',
          properties: {
            ...form.properties,
            medias: {
              type: 'array',
              maxItems: EXTERNAL_MAX_FILES,
              items: { type: 'string', contentMediaType: 'application/octet-stream' },
            },
          },
          required: form.required,
        },
      };
    }
    operation.requestBody = { required: true, content };
  } else if (route.rawBody) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: { description: 'Read as the exact bytes received (signed by the sender)' } } },
    };
  }

  const status = String(route.status ?? 200);
  const content = responseContent(route, components);
  operation.responses[status] = { description: 'Success', ...(content ? { content } : {}) };
  if (route.params || route.query || route.body || route.multipart)
    operation.responses['400'] = errorResponse('Invalid input: `fields` names each field and what is wrong (ERR_VALIDATION)');
  if (route.auth === 'user') {
    operation.responses['401'] = errorResponse('No session, or a session that ended (ERR_SESSION_EXPIRED)');
    operation.responses['403'] = errorResponse(
      'Token expired (ERR_INVALID_TOKEN: refresh and retry) or not allowed (ERR_NO_PERMISSION)',
    );
  }
  if (route.auth === 'connection') {
    operation.responses['400'] = errorResponse(
      'Invalid input: `fields` names each field and what is wrong (ERR_VALIDATION); over a WhatsApp QR connection, a number ' +
        'that is not a contact yet and has no WhatsApp account (ERR_WAPP_INVALID_CONTACT), or that WhatsApp did not ' +
        'confirm in time (ERR_WAPP_CHECK_CONTACT: try again)',
    );
    operation.responses['403'] = errorResponse(
      'Missing or unknown token (ERR_INVALID_TOKEN), plan without the feature (ERR_PLAN_FEATURE_DISABLED), inactive company',
    );
    operation.responses['409'] = errorResponse(
      'A call with the same Idempotency-Key is still running (ERR_IDEMPOTENCY_IN_PROGRESS)',
    );
    operation.responses['422'] = errorResponse(
      'The Idempotency-Key was used with a different request (ERR_IDEMPOTENCY_KEY_REUSED)',
    );
    operation.responses['429'] = {
      ...errorResponse('Too many calls for this token in the current minute (ERR_RATE_LIMITED)'),
      headers: {
        'Retry-After': { description: 'Seconds until calls are accepted again', schema: { type: 'integer', minimum: 1 } },
      },
    };
  }
  if (pathNames(route.path).length > 0) operation.responses['404'] = errorResponse('Not found (or a record of another company)');
  operation.responses.default = errorResponse('Another error of the catalogue (see the Error schema)');
  return operation;
};

export const buildOpenApiDocument = (options: { version: string; routeTable?: readonly RouteDef[] }): OpenApiDocument => {
  const table = options.routeTable ?? routes;
  const components: Record<string, JsonSchema> = {
    Error: {
      type: 'object',
      required: ['error'],
      properties: {
        error: {
          type: 'string',
          enum: Object.keys(errorStatus),
          description: 'The catalogue code; its HTTP status is fixed per code',
        },
        message: { type: 'string' },
        fields: {
          type: 'array',
          items: {
            type: 'object',
            required: ['path', 'message'],
            properties: { path: { type: 'string' }, message: { type: 'string' } },
          },
        },
        requestId: { type: 'string' },
        details: {},
      },
    },
  };
  const paths: OpenApiDocument['paths'] = {};
  for (const route of table) {
    const item = (paths[route.path] ??= {});
    item[route.method.toLowerCase()] = operationOf(route, components);
  }
  const modulesUsed = [...new Set(table.map((r) => r.module as string))];
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: DIALECT,
    info: {
      title: 'Switchboard API',
      version: options.version,
      description:
        "The HTTP API of Switchboard, generated from its route table. Companies' systems use the external messages API (`POST /api/v1/messages/send`) with a connection's API token; every other route serves the web app with a user's access token.",
    },
    servers: [{ url: API_PREFIX, description: 'This server' }],
    tags: modulesUsed.map((name) => ({ name, description: `Routes of the ${name} module` })),
    paths,
    components: {
      securitySchemes: {
        accessToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: "A user's access token (POST /api/auth/login)",
        },
        connectionToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            "A connection's secret API token (shown to admins in the connection's dialog; never a web chat's widget key)",
        },
      },
      schemas: components,
    },
  };
};

/**
 * The API reference as one self-contained page, rendered on the server from the OpenAPI document: operations
 * grouped by module, with their parameters, bodies and answers. No script at all (the policy forbids any), so it
 * reads the same in every browser and costs nothing to serve beyond the string.
 */
import type { JsonSchema, OpenApiDocument } from './openapi.ts';

export const DOCS_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `code` spans of a note, the only markup notes use; everything else is escaped. */
const inline = (text: string): string => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const MAX_DEPTH = 5;

const resolve = (doc: OpenApiDocument, schema: JsonSchema): JsonSchema => {
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) return doc.components.schemas[ref.slice(21)] ?? {};
  return schema;
};

/** A short type name: `string`, `integer[]`, `"open" | "closed"`, `object`. */
const typeName = (doc: OpenApiDocument, raw: JsonSchema): string => {
  const schema = resolve(doc, raw);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (variants) return variants.map((v) => typeName(doc, v)).join(' | ');
  if (schema.type === 'array') return `${typeName(doc, (schema.items as JsonSchema | undefined) ?? {})}[]`;
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (typeof schema.type === 'string') return schema.contentMediaType ? 'file' : schema.type;
  return schema.properties ? 'object' : 'any';
};

/** Limits worth reading next to a field: length, range, pattern, format, default. */
const constraints = (schema: JsonSchema): string => {
  const parts: string[] = [];
  const named: [string, string][] = [
    ['minLength', 'min length'],
    ['maxLength', 'max length'],
    ['minimum', 'min'],
    ['maximum', 'max'],
    ['exclusiveMinimum', 'more than'],
    ['minItems', 'min items'],
    ['maxItems', 'max items'],
    ['format', 'format'],
  ];
  for (const [key, label] of named) {
    const value = schema[key];
    if (value !== undefined && !(key === 'maximum' && value === Number.MAX_SAFE_INTEGER)) parts.push(`${label} ${String(value)}`);
  }
  if (typeof schema.pattern === 'string' && schema.pattern.length <= 60)
    parts.push(`pattern <code>${escapeHtml(schema.pattern)}</code>`);
  if (schema.default !== undefined) parts.push(`default <code>${escapeHtml(JSON.stringify(schema.default))}</code>`);
  return parts.join(', ');
};

/** The fields of an object schema as a nested list (arrays of objects show their items' fields). */
const fieldsOf = (doc: OpenApiDocument, raw: JsonSchema, depth = 0): string => {
  const schema = resolve(doc, raw);
  const target = schema.type === 'array' ? resolve(doc, (schema.items as JsonSchema | undefined) ?? {}) : schema;
  const properties = target.properties as Record<string, JsonSchema> | undefined;
  if (!properties || depth >= MAX_DEPTH) return '';
  const required = new Set((target.required as string[] | undefined) ?? []);
  const rows = Object.entries(properties).map(([name, prop]) => {
    const limits = constraints(resolve(doc, prop));
    const description = typeof prop.description === 'string' ? ` — ${escapeHtml(prop.description)}` : '';
    return `<li><code class="field">${escapeHtml(name)}</code> <span class="type">${escapeHtml(typeName(doc, prop))}</span>${required.has(name) ? ' <span class="req">required</span>' : ''}${limits ? ` <span class="limits">(${limits})</span>` : ''}${description}${fieldsOf(doc, prop, depth + 1)}</li>`;
  });
  return `<ul class="fields">${rows.join('')}</ul>`;
};

const schemaBlock = (doc: OpenApiDocument, schema: JsonSchema): string => {
  const fields = fieldsOf(doc, schema);
  return fields || `<p class="type">${escapeHtml(typeName(doc, schema))}</p>`;
};

const anchorOf = (operationId: string) => `op-${operationId.replace(/[^\w-]+/g, '-')}`;

const operationHtml = (
  doc: OpenApiDocument,
  path: string,
  method: string,
  op: OpenApiDocument['paths'][string][string],
): string => {
  const url = `${doc.servers[0]?.url ?? ''}${path}`;
  const auth = op.security.length === 0 ? 'public' : Object.keys(op.security[0]!).join(', ');
  const parameters = op.parameters.length
    ? `<h4>Parameters</h4><table><thead><tr><th>name</th><th>in</th><th>type</th><th></th></tr></thead><tbody>${op.parameters
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${escapeHtml(typeName(doc, p.schema))}${constraints(p.schema) ? ` <span class="limits">(${constraints(p.schema)})</span>` : ''}</td><td>${p.required ? '<span class="req">required</span>' : ''}${p.description ? ` ${inline(p.description)}` : ''}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '';
  const body = op.requestBody
    ? Object.entries(op.requestBody.content)
        .map(([type, { schema }]) => `<h4>Body <span class="type">${escapeHtml(type)}</span></h4>${schemaBlock(doc, schema)}`)
        .join('')
    : '';
  const responses = Object.entries(op.responses)
    .map(([status, r]) => {
      const content = r.content ? Object.values(r.content)[0] : undefined;
      const fields = content && status.startsWith('2') ? schemaBlock(doc, content.schema) : '';
      return `<li><strong>${escapeHtml(status)}</strong> ${inline(r.description)}${fields}</li>`;
    })
    .join('');
  const description = op.description
    ? op.description
        .split('\n\n')
        .map((p) => `<p>${inline(p)}</p>`)
        .join('')
    : '';
  return `<details class="op" id="${anchorOf(op.operationId)}"><summary><span class="method m-${method}">${method.toUpperCase()}</span> <code class="path">${escapeHtml(url)}</code> <span class="summary">${inline(op.summary)}</span></summary><div class="op-body"><p class="meta">id <code>${escapeHtml(op.operationId)}</code> · auth <code>${escapeHtml(auth)}</code></p>${description}${parameters}${body}<h4>Answers</h4><ul class="responses">${responses}</ul></div></details>`;
};

const styles = `
:root{color-scheme:light dark;--fg:#1d2430;--muted:#5b6575;--bg:#fff;--panel:#f4f6f9;--line:#d9dee6;--accent:#1f5fbf}
@media (prefers-color-scheme:dark){:root{--fg:#e6e9ef;--muted:#a3acba;--bg:#14181f;--panel:#1c222b;--line:#2d3541;--accent:#7fb0ff}}
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header{padding:24px 20px 8px;max-width:1100px;margin:0 auto}h1{margin:0 0 4px;font-size:1.6rem}header p{margin:4px 0;color:var(--muted)}
main{max-width:1100px;margin:0 auto;padding:0 20px 48px}nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:6px 10px}
nav a{color:var(--accent)}section{margin-top:28px}h2{font-size:1.2rem;border-bottom:1px solid var(--line);padding-bottom:4px}
.op{border:1px solid var(--line);border-radius:6px;margin:8px 0;background:var(--panel)}.op>summary{cursor:pointer;padding:8px 10px;display:flex;flex-wrap:wrap;gap:6px 10px;align-items:baseline}
.op-body{padding:0 14px 12px;border-top:1px solid var(--line)}.method{font-weight:700;font-size:.8rem;padding:2px 6px;border-radius:4px;color:#fff;min-width:58px;text-align:center;background:#555}
.m-get{background:#1f7a44}.m-post{background:#1f5fbf}.m-put{background:#a86a00}.m-patch{background:#6d4bb8}.m-delete{background:#b3261e}
.path{word-break:break-all}.summary{color:var(--muted)}code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
.meta{color:var(--muted);font-size:.85rem}table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{text-align:left;border-bottom:1px solid var(--line);padding:4px 6px;vertical-align:top}
.fields{margin:4px 0;padding-left:18px}.type{color:var(--accent);font-size:.85rem}.req{color:#b3261e;font-size:.8rem}.limits{color:var(--muted);font-size:.85rem}
h4{margin:12px 0 4px;font-size:.95rem}@media (max-width:600px){header,main{padding-left:12px;padding-right:12px}.op-body{padding:0 8px 10px}table{display:block;overflow-x:auto}}
`;

export const renderDocsPage = (doc: OpenApiDocument): string => {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = op.tags[0] ?? 'other';
      const list = byTag.get(tag) ?? [];
      list.push(operationHtml(doc, path, method, op));
      byTag.set(tag, list);
    }
  }
  // the external messages API first: it is what integrators come for
  const tags = [...byTag.keys()].sort((a, b) => (a === 'external-api' ? -1 : b === 'external-api' ? 1 : a.localeCompare(b)));
  const nav = tags.map((t) => `<li><a href="#tag-${escapeHtml(t)}">${escapeHtml(t)}</a> (${byTag.get(t)!.length})</li>`).join('');
  const sections = tags
    .map((t) => `<section id="tag-${escapeHtml(t)}"><h2>${escapeHtml(t)}</h2>${byTag.get(t)!.join('')}</section>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(doc.info.title)} reference</title><style>${styles}</style></head><body><header><h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1><p>${inline(doc.info.description)}</p><p>OpenAPI ${escapeHtml(doc.openapi)} document: <a href="${escapeHtml(doc.servers[0]?.url ?? '')}/openapi.json">openapi.json</a></p></header><main><nav aria-label="Modules"><ul>${nav}</ul></nav>${sections}</main></body></html>`;
};

import { createHash } from 'node:crypto';
import type { JsonObject, OpenApiDocument, OpenApiOperation, OpenApiResponse } from './openapi-document.ts';

/**
 * The API reference as one HTML page, rendered on the server from the OpenAPI document
 * (ADR 0049): operations grouped by tag with their parameters, bodies, responses and examples,
 * then every schema. No script at all, and nothing loaded from anywhere: the one stylesheet is
 * inline and allowed by its hash (REFERENCE_PAGE_CSP), so the page needs no 'unsafe-inline'.
 * It follows the system's light or dark theme.
 */
const STYLE = `
:root { color-scheme: light dark; --muted: #5b6472; --line: #d7dbe0; --code: #f3f4f6; --accent: #1d4ed8; }
@media (prefers-color-scheme: dark) { :root { --muted: #a3acb9; --line: #374151; --code: #1f2937; --accent: #93c5fd; } }
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 64rem; padding: 1rem 1.5rem 4rem; background: Canvas; color: CanvasText; }
a { color: var(--accent); }
a:focus-visible, summary:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
code, pre { font: 0.875rem/1.4 ui-monospace, monospace; background: var(--code); border-radius: 4px; }
code { padding: 0 0.25rem; }
pre { padding: 0.75rem; overflow-x: auto; }
nav ul { columns: 2 18rem; padding-left: 1.25rem; }
section.tag { border-top: 2px solid var(--line); margin-top: 2.5rem; }
article { border-top: 1px solid var(--line); padding: 0.5rem 0 1rem; }
h3 { display: flex; gap: 0.75rem; align-items: baseline; flex-wrap: wrap; }
.method { font: bold 0.8rem ui-monospace, monospace; padding: 0.1rem 0.4rem; border: 1px solid currentColor; border-radius: 4px; }
.muted { color: var(--muted); }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0; }
th, td { text-align: left; vertical-align: top; padding: 0.35rem 0.5rem; border-bottom: 1px solid var(--line); }
caption { text-align: left; font-weight: 600; padding: 0.5rem 0 0.25rem; }
`;

const styleHash = createHash('sha256').update(STYLE).digest('base64');

/** Nothing may load but the inline stylesheet above; no scripts, frames, forms or base changes. */
export const REFERENCE_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${styleHash}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The document's prose: plain text with `code` spans. */
const prose = (text: string): string =>
  escape(text).replace(/`([^`]+)`/g, (_m, code: string) => `<code>${code}</code>`);

const slug = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const schemaName = (ref: string): string => ref.replace('#/components/schemas/', '');

/** One line saying what a schema is, with a link to a named one. */
function typeOf(schema: JsonObject | undefined): string {
  if (!schema) return '';
  if (typeof schema.$ref === 'string') {
    const name = schemaName(schema.$ref);
    return `<a href="#schema-${slug(name)}">${escape(name)}</a>`;
  }
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type ?? 'any');
  const enumValues = Array.isArray(schema.enum)
    ? `: ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`
    : '';
  const bounds = ['minimum', 'maximum', 'minLength', 'maxLength']
    .filter((key) => schema[key] !== undefined)
    .map((key) => `${key} ${String(schema[key])}`);
  return `<code>${escape(type + enumValues)}</code>${bounds.length ? ` <span class="muted">(${escape(bounds.join(', '))})</span>` : ''}`;
}

/** A value the schema accepts, for the examples: the first of every choice. */
export function exampleOf(schema: unknown, doc: OpenApiDocument, depth = 0): unknown {
  if (typeof schema !== 'object' || schema === null || depth > 12) return null;
  const s = schema as JsonObject;
  if (typeof s.$ref === 'string')
    return exampleOf(doc.components.schemas[schemaName(s.$ref)], doc, depth + 1);
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const choices = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (choices) {
    const first = choices.find((c) => (c as JsonObject).type !== 'null') ?? choices[0];
    return exampleOf(first, doc, depth + 1);
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const record = s.additionalProperties;
      if (Object.keys(properties).length === 0 && typeof record === 'object' && record !== null) {
        const key = exampleOf(s.propertyNames, doc, depth + 1);
        return { [typeof key === 'string' ? key : 'key']: exampleOf(record, doc, depth + 1) };
      }
      return Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, exampleOf(value, doc, depth + 1)]),
      );
    }
    case 'array':
      if (Array.isArray(s.prefixItems)) return s.prefixItems.map((item) => exampleOf(item, doc, depth + 1));
      return [exampleOf(s.items, doc, depth + 1)];
    case 'string':
      return 'string';
    case 'integer':
      return typeof s.minimum === 'number' ? s.minimum : 0;
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 0;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

const pre = (value: unknown): string => `<pre>${escape(JSON.stringify(value, null, 2))}</pre>`;

const AUTH_WORDS: Record<string, string> = {
  sessionCookie: 'a logged-in session',
  csrfToken: 'the CSRF token in X-CSRFToken',
  bearerToken: 'a personal API token (Bearer)',
};

function who(op: OpenApiOperation): string {
  if (op.security.length === 0) return 'Anyone; no login needed.';
  const ways = op.security.map((requirement) =>
    Object.keys(requirement)
      .map((name) => AUTH_WORDS[name] ?? name)
      .join(' and '),
  );
  return `Needs ${ways.join(', or ')}.`;
}

function parametersTable(op: OpenApiOperation): string {
  if (!op.parameters?.length) return '';
  const rows = op.parameters
    .map(
      (p) =>
        `<tr><td><code>${escape(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td>` +
        `<td>${typeOf(p.schema)}</td><td>${p.description ? prose(p.description) : ''}</td></tr>`,
    )
    .join('');
  return (
    `<table><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th>` +
    `<th scope="col">Required</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead>` +
    `<tbody>${rows}</tbody></table>`
  );
}

function requestBody(op: OpenApiOperation, doc: OpenApiDocument): string {
  const body = op.requestBody;
  if (!body) return '';
  const parts = Object.entries(body.content).map(([type, media]) => {
    const schema = media.schema as JsonObject | undefined;
    const example = media.example ?? (schema ? exampleOf(schema, doc) : undefined);
    return `<p><code>${escape(type)}</code> ${typeOf(schema)}</p>${example === undefined ? '' : pre(example)}`;
  });
  return (
    `<h4>Request body${body.required ? '' : ' (optional)'}</h4>` +
    (body.description ? `<p>${prose(body.description)}</p>` : '') +
    parts.join('')
  );
}

function responseRow(status: string, response: OpenApiResponse): string {
  const bodies = Object.entries(response.content ?? {})
    .map(([type, media]) => `<code>${escape(type)}</code> ${typeOf(media.schema)}`)
    .join('<br>');
  const headers = Object.keys(response.headers ?? {})
    .map((name) => `<code>${escape(name)}</code>`)
    .join(', ');
  return (
    `<tr><td>${escape(status)}</td><td>${prose(response.description)}</td><td>${bodies}</td>` +
    `<td>${headers}</td></tr>`
  );
}

function responses(op: OpenApiOperation, doc: OpenApiDocument): string {
  const rows = Object.entries(op.responses)
    .map(([status, response]) => responseRow(status, response))
    .join('');
  const success = Object.entries(op.responses).find(
    ([status, r]) => status.startsWith('2') && r.content?.['application/json']?.schema?.$ref,
  );
  const example = success
    ? `<p>Example answer (${success[0]}):</p>${pre(exampleOf(success[1].content?.['application/json']?.schema, doc))}`
    : '';
  return (
    `<table><caption>Responses</caption><thead><tr><th scope="col">Status</th><th scope="col">Meaning</th>` +
    `<th scope="col">Body</th><th scope="col">Headers</th></tr></thead><tbody>${rows}</tbody></table>${example}`
  );
}

function operationArticle(path: string, method: string, op: OpenApiOperation, doc: OpenApiDocument): string {
  return (
    `<article id="${escape(op.operationId)}" aria-labelledby="${escape(op.operationId)}-title">` +
    `<h3 id="${escape(op.operationId)}-title"><span class="method">${method.toUpperCase()}</span>` +
    `<code>${escape(path)}</code> <span>${escape(op.summary)}</span></h3>` +
    (op.description ? `<p>${prose(op.description)}</p>` : '') +
    `<p class="muted">${escape(who(op))}</p>` +
    parametersTable(op) +
    requestBody(op, doc) +
    responses(op, doc) +
    `</article>`
  );
}

export function renderReferencePage(doc: OpenApiDocument): string {
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );
  const sections = doc.tags.map((tag) => {
    const ops = operations.filter(({ op }) => op.tags.includes(tag.name));
    return {
      tag,
      ops,
      html:
        `<section class="tag" id="tag-${slug(tag.name)}" aria-labelledby="tag-${slug(tag.name)}-title">` +
        `<h2 id="tag-${slug(tag.name)}-title">${escape(tag.name)}</h2><p>${prose(tag.description)}</p>` +
        ops.map(({ path, method, op }) => operationArticle(path, method, op, doc)).join('') +
        `</section>`,
    };
  });
  const contents = sections
    .map(
      ({ tag, ops }) =>
        `<li><a href="#tag-${slug(tag.name)}">${escape(tag.name)}</a><ul>` +
        ops
          .map(
            ({ method, op }) =>
              `<li><a href="#${escape(op.operationId)}">${method.toUpperCase()} ${escape(op.summary)}</a></li>`,
          )
          .join('') +
        `</ul></li>`,
    )
    .join('');
  const schemas = Object.entries(doc.components.schemas)
    .map(
      ([name, schema]) =>
        `<details id="schema-${slug(name)}"><summary><code>${escape(name)}</code></summary>${pre(schema)}</details>`,
    )
    .join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escape(doc.info.title)} reference</title><style>${STYLE}</style></head><body>` +
    `<header><h1>${escape(doc.info.title)} reference</h1><p>${prose(doc.info.description)}</p>` +
    `<p>Machine-readable: <a href="openapi.json">the OpenAPI ${escape(doc.openapi)} document</a>.</p></header>` +
    `<nav aria-label="Contents"><h2>Contents</h2><ul>${contents}<li><a href="#schemas">Schemas</a></li></ul></nav>` +
    `<main>${sections.map((s) => s.html).join('')}` +
    `<section class="tag" id="schemas" aria-labelledby="schemas-title"><h2 id="schemas-title">Schemas</h2>${schemas}</section>` +
    `</main></body></html>`
  );
}

import { errorSchema } from '@app/contracts';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyContextConfig } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

type Security = Array<Record<string, string[]>>;

/**
 * The security requirement every documented route declares in its schema (`security: access.x`).
 * `requireUser` refuses to run on a route that does not declare `access.signedIn`, and the
 * document refuses a route that declares none, so the document cannot drift from the guards.
 */
export const access: Record<'public' | 'optional' | 'signedIn', Security> = {
  /** No token is read: the same answer for everybody. */
  public: [],
  /** Works signed out; a bearer token personalises the answer (own likes, votes, purchases). */
  optional: [{}, { bearerAuth: [] }],
  /** A bearer token of a live session of this tenant: 401 without one. */
  signedIn: [{ bearerAuth: [] }],
};

/** Whether a route's declared security demands a bearer token. */
export function demandsBearer(security: readonly Readonly<Record<string, readonly string[]>>[] | undefined): boolean {
  return security?.length === 1 && 'bearerAuth' in (security[0] ?? {});
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The multipart form a route reads part by part itself, for the API document only. */
    multipartForm?: ZodType;
  }
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * Per operation: the zod schemas as JSON Schema, plus what the recommended Redocly rules ask of
 * every operation (an operationId and a security requirement, checked here so that a new route
 * without them fails every test that builds the app), the multipart form a route reads itself, a
 * wildcard path parameter named, and binary answers (`format: binary`) described as files.
 */
function transform(input: TransformInput) {
  const { schema, url } = jsonSchemaTransform(input) as { schema: Record<string, unknown>; url: string };
  if (schema.hide) return { schema, url };
  const method = String(input.route.method);
  if (typeof schema.operationId !== 'string' || !Array.isArray(schema.security)) {
    throw new Error(`${method} ${url}: declare operationId and security (access.*) in the route's schema`);
  }
  const form = (input.route.config as FastifyContextConfig | undefined)?.multipartForm;
  if (form) schema.body = (jsonSchemaTransform({ ...input, schema: { body: form } }).schema as { body: unknown }).body;
  schema.response = { ...refusalsOf(input, method, url), ...(schema.response as object | undefined) };
  if (!url.includes('*')) return { schema, url };
  const params = schema.params as { properties: Record<string, unknown>; required?: string[] };
  const { '*': wildcard, ...named } = params.properties;
  return {
    schema: { ...schema, params: { ...params, properties: { ...named, key: wildcard }, required: ['key'] } },
    url: url.replace('*', ':key'),
  };
}

/**
 * The refusals any operation can meet before its handler, in the one error shape: 400 (a malformed
 * URL, NUL or a lone surrogate in any parameter, a failed validation, broken JSON), 414 (a path
 * parameter over the router's 500 characters) where the path has named parameters, and 413 and 415 (a
 * body too large, an unsupported Content-Type) on every method that may carry a body. Documented
 * on every operation, so that the document lists every status the API answers.
 */
function refusalsOf(input: TransformInput, method: string, url: string): Record<number, unknown> {
  const statuses = [400];
  // (a wildcard has no length limit of its own: only Node's 16 KB for the whole URL, answered before routing)
  if (url.includes(':') || url.includes('{')) statuses.push(414);
  if (!method.split(',').every((m) => m === 'GET' || m === 'HEAD')) statuses.push(413, 415);
  const response = Object.fromEntries(statuses.map((status) => [status, errorSchema]));
  return (jsonSchemaTransform({ ...input, schema: { response } }).schema as { response: Record<number, unknown> })
    .response;
}

/** Rewrites `application/json` to `application/octet-stream` for answers whose schema is binary. */
function describeFiles(paths: Record<string, Record<string, { responses?: Record<string, Answer> }>>) {
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      for (const answer of Object.values(operation.responses ?? {})) {
        const json = answer.content?.['application/json'];
        if (json?.schema?.format === 'binary') answer.content = { 'application/octet-stream': json };
      }
    }
  }
}
type Answer = { content?: Record<string, { schema?: { format?: string } }> };

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
};

function allowsNull(schema: JsonSchema): boolean {
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'))) return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(allowsNull);
}

/**
 * JSON request bodies accept null for every optional field and read it as absent
 * (platform/null-as-absent.ts): the document says so, on inline bodies and on the components they
 * reach, whatever the nesting.
 */
function nullableOptionals(
  document: { paths?: unknown; components?: { schemas?: Record<string, JsonSchema> } },
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>,
) {
  const components = document.components?.schemas ?? {};
  const seen = new Set<JsonSchema>();
  const visit = (node: JsonSchema | undefined, depth: number) => {
    if (!node || typeof node !== 'object' || seen.has(node) || depth > 32) return;
    seen.add(node);
    if (node.$ref?.startsWith('#/components/schemas/')) {
      visit(components[node.$ref.slice('#/components/schemas/'.length)], depth + 1);
    }
    for (const option of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) visit(option, depth + 1);
    visit(node.items, depth + 1);
    const required = new Set(node.required ?? []);
    for (const [key, property] of Object.entries(node.properties ?? {})) {
      visit(property, depth + 1);
      if (required.has(key) || allowsNull(property)) continue;
      node.properties = { ...node.properties, [key]: { anyOf: [property, { type: 'null' }] } };
    }
  };
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      visit(operation.requestBody?.content?.['application/json']?.schema, 0);
    }
  }
}

/** Drops the component schemas no operation reaches (input twins of output-only schemas and the like). */
function pruneComponents(document: { paths?: unknown; components?: { schemas?: Record<string, unknown> } }) {
  const schemas = document.components?.schemas ?? {};
  const reached = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
          const name = value.slice('#/components/schemas/'.length);
          if (!reached.has(name)) {
            reached.add(name);
            visit(schemas[name]);
          }
        } else visit(value);
      }
    }
  };
  visit(document.paths);
  for (const name of Object.keys(schemas)) if (!reached.has(name)) delete schemas[name];
}

/** The options of @fastify/swagger: one document for every tenant, served on each tenant's own domain. */
export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Marketplace API',
      version: '0.1.0',
      description: '멀티 테넌트 마켓플레이스와 커뮤니티 API. 테넌트는 요청한 도메인(Host)으로 정해집니다.',
    },
    // Relative: every tenant serves the API on its own domain; never built from a request's Host.
    servers: [{ url: '/', description: '이 문서를 받은 테넌트의 도메인' }],
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'POST /api/auth/login 이 돌려주는 access_token (그 테넌트에서만 유효)',
        },
      },
    },
  },
  transform: transform as FastifyDynamicSwaggerOptions['transform'],
  transformObject: (input) => {
    const document = jsonSchemaTransformObject(input);
    describeFiles(document.paths as Parameters<typeof describeFiles>[0]);
    nullableOptionals(document as never, document.paths as Parameters<typeof nullableOptionals>[1]);
    pruneComponents(document as Parameters<typeof pruneComponents>[0]);
    return document;
  },
};

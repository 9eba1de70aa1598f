import { Agent, request as httpRequest } from 'node:http';
import type { RunningApi } from './harness';

/** The part of JSON Schema that the API's zod schemas turn into (OpenAPI 3.0 flavour). */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  $ref?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

/** One method of one path of the OpenAPI document. */
export interface Route {
  method: string;
  /** The path as the document writes it, `{name}` for a path parameter. */
  path: string;
  parameters: Parameter[];
  /** The JSON request body's schema, when the route takes one. */
  body?: JsonSchema;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head']);

/** Every route of the API's own OpenAPI document, with `$ref`s resolved. */
export async function documentedRoutes(api: RunningApi): Promise<Route[]> {
  const response = await api.request('/api/docs/json');
  if (response.status !== 200) throw new Error(`GET /api/docs/json answered ${response.status}`);
  const document = (await response.json()) as OpenApiDocument;
  const resolve = (schema: JsonSchema): JsonSchema => {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = document.components?.schemas?.[name];
    if (!target) throw new Error(`unresolved ${schema.$ref}`);
    return resolve(target);
  };
  const deep = (schema: JsonSchema): JsonSchema => {
    const resolved = resolve(schema);
    return {
      ...resolved,
      properties: resolved.properties
        ? Object.fromEntries(Object.entries(resolved.properties).map(([key, value]) => [key, deep(value)]))
        : undefined,
      items: resolved.items ? deep(resolved.items) : undefined,
      anyOf: resolved.anyOf?.map(deep),
      oneOf: resolved.oneOf?.map(deep),
      allOf: resolved.allOf?.map(deep),
    };
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => {
        const body = operation.requestBody?.content?.['application/json']?.schema;
        return {
          method: method.toUpperCase(),
          path,
          parameters: (operation.parameters ?? []).map((parameter) => ({
            ...parameter,
            schema: deep(parameter.schema ?? {}),
          })),
          body: body ? deep(body) : undefined,
        };
      }),
  );
}

/** `{name}` of the path replaced by the (already encoded) values. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_whole, name: string) => values[name] ?? '');
}

export interface RawRequest {
  method: string;
  /** Path and query, already encoded. */
  path: string;
  headers: Record<string, string | string[]>;
  body?: string | Buffer;
}

export interface RawAnswer {
  status: number;
  contentType: string;
  text: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/**
 * One request over plain node:http, so that bodies on GET, missing content types, odd header values
 * and bodies past the limit go out exactly as generated (fetch would refuse or fix some of them).
 */
export function sendRaw(baseUrl: string, request: RawRequest): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        // Framed by its length always: Node sends a GET's or DELETE's body unframed otherwise.
        headers:
          request.body === undefined
            ? request.headers
            : { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        agent,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          answered = true;
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    // A server may answer (413) and close before it has read all of a body past its limit.
    outgoing.on('error', (error) => {
      if (!answered) reject(error);
    });
    outgoing.end(request.body);
  });
}

/** Traces of internals that must never reach a caller. */
const LEAKS = [
  /\n\s+at /,
  /node_modules/,
  /\.(?:ts|js|mjs|cjs):\d+/,
  /\/work\//,
  /Failed query/i,
  /drizzle/i,
  /\bpglite\b/i,
  /\bSQLSTATE\b|duplicate key|violates|syntax error at/i,
  /\bFST_[A-Z_]+/,
  /\bERR_[A-Z_]+/,
];

/**
 * What is wrong with an answer, if anything: a 5xx, or a 4xx whose body is not exactly the error
 * envelope `{ code, message }` or shows internals. HEAD answers carry no body to judge.
 */
export function answerProblem(method: string, answer: RawAnswer): string | undefined {
  if (answer.status >= 500) return `status ${answer.status}: ${answer.text.slice(0, 500)}`;
  if (answer.status < 400 || method === 'HEAD') return undefined;
  if (!answer.contentType.startsWith('application/json')) {
    return `status ${answer.status} with content type "${answer.contentType}": ${answer.text.slice(0, 300)}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `status ${answer.status} with a body that is not JSON: ${answer.text.slice(0, 300)}`;
  }
  const envelope = body as Record<string, unknown>;
  if (
    typeof body !== 'object' ||
    body === null ||
    Array.isArray(body) ||
    Object.keys(envelope).sort().join() !== 'code,message' ||
    typeof envelope.code !== 'string' ||
    typeof envelope.message !== 'string'
  ) {
    return `status ${answer.status} without the error envelope: ${answer.text.slice(0, 300)}`;
  }
  if (!/^[A-Za-z]+(?:_[A-Za-z]+)*$/.test(envelope.code)) {
    return `status ${answer.status} with an odd code: ${answer.text.slice(0, 300)}`;
  }
  const leak = LEAKS.find((pattern) => pattern.test(answer.text));
  if (leak) return `status ${answer.status} showing internals (${leak}): ${answer.text.slice(0, 500)}`;
  return undefined;
}

import 'server-only';
import { ErrorCode } from '@shop/domain';
import { BODY_TOO_LARGE_MESSAGE, type ErrorEnvelope, REQUEST_BODY_LIMIT_BYTES } from '@shop/domain/contract';
import type { NextRequest } from 'next/server';
import { apiHeaders, currentSession } from './api-headers';
import { API_URL } from './env';
import { isLocalHost } from './security-headers';
import { endedSessionCookies, sessionCall, sessionCookie } from './session-cookie';
import { currentTenant } from './tenant';

const API_TIMEOUT_MS = 30_000;

/** Response headers that describe the upstream connection, not the answer. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-encoding',
  'content-length',
]);

function apiResponseHeaders(upstream: Headers): Headers {
  const headers = new Headers();
  upstream.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) headers.append(name, value);
  });
  return headers;
}

/**
 * The answer of a call that opens or ends the shopper's session, on a shop's host (decision 0037):
 * a new session's token goes into the httpOnly cookie (the answer itself passes as it came); a
 * sign-out clears the cookie and the stored phone number, whatever the API answered, and so
 * does a deleted account (only once deleted). On the
 * index host (tools naming their tenant) no cookie is set.
 */
async function withSession(request: NextRequest, upstream: Response, headers: Headers): Promise<Response> {
  const call = sessionCall(request.method, request.nextUrl.pathname);
  const secure = !isLocalHost(request.headers.get('host') ?? '');
  if (call?.effect === 'ends' && (upstream.ok || !call.onlyOnSuccess)) {
    for (const cookie of endedSessionCookies(secure)) headers.append('Set-Cookie', cookie);
    headers.set('Cache-Control', 'no-store');
  }
  if (call?.effect !== 'opens' || !upstream.ok) {
    return new Response(upstream.body, { status: upstream.status, headers });
  }
  const text = await upstream.text();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return new Response(text, { status: upstream.status, headers });
  }
  const accessToken = call.token(answer);
  if (accessToken) {
    headers.append('Set-Cookie', sessionCookie(accessToken, secure));
    headers.set('Cache-Control', 'no-store');
  }
  return new Response(text, { status: upstream.status, headers });
}

/**
 * The request's body, or undefined once it is past what the API takes. Refused here rather than
 * passed on: the API answers a body past its limit before the upload ends and closes the
 * connection, and the upload then fails here instead of bringing back that answer.
 */
async function bodyWithinLimit(request: NextRequest): Promise<Blob | undefined> {
  if (Number(request.headers.get('content-length') ?? 0) > REQUEST_BODY_LIMIT_BYTES) return undefined;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  // Read to the end even past the limit: a connection closed mid-upload loses the answer.
  for await (const chunk of streamed(request.body)) {
    size += chunk.byteLength;
    if (size <= REQUEST_BODY_LIMIT_BYTES) chunks.push(chunk);
  }
  return size > REQUEST_BODY_LIMIT_BYTES ? undefined : new Blob(chunks);
}

async function* streamed(body: ReadableStream<Uint8Array<ArrayBuffer>> | null) {
  const reader = body?.getReader();
  if (!reader) return;
  for (let read = await reader.read(); !read.done; read = await reader.read()) yield read.value;
}

const envelope = (status: number, body: ErrorEnvelope) => Response.json(body, { status });

/**
 * The back office's calls are the API host's only: no shop's domain reaches them (decision 0066),
 * however the path is spelt (escaped letters, doubled slashes, as the API would read it).
 */
function isBackofficePath(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Not decodable: the API refuses such a path itself.
  }
  return /^\/+api\/+backoffice(\/|$)/i.test(decoded);
}

/**
 * `/api/*` of the shop's host: passes the browser's call to the API with the common headers of
 * spec §7 and hands back the answer as it came (decision 0005), keeping a new session's token
 * in the httpOnly session cookie (decision 0037); the browser's client reads it by the contract.
 */
export async function forwardToApi(request: NextRequest): Promise<Response> {
  if (isBackofficePath(request.nextUrl.pathname)) {
    return envelope(404, {
      code: ErrorCode.NOT_FOUND,
      message: `No route ${request.method} ${request.nextUrl.pathname}`,
    });
  }
  const tenant = await currentTenant();
  const outgoing = apiHeaders(await currentSession(tenant), request.headers);
  const target = `${API_URL}${request.nextUrl.pathname}${request.nextUrl.search}`;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  try {
    const body = hasBody ? await bodyWithinLimit(request) : undefined;
    if (hasBody && !body) {
      return envelope(413, { code: ErrorCode.VALIDATION_FAILED, message: BODY_TOO_LARGE_MESSAGE });
    }
    const upstream = await fetch(target, {
      method: request.method,
      headers: outgoing,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    const headers = apiResponseHeaders(upstream.headers);
    if (tenant) return await withSession(request, upstream, headers);
    return new Response(upstream.body, { status: upstream.status, headers });
  } catch {
    return envelope(503, {
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: 'The shop service cannot be reached. Please try again.',
    });
  }
}

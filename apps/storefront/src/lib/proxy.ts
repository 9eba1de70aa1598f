import 'server-only';
import { ErrorCode } from '@shop/domain';
import type { ErrorEnvelope } from '@shop/domain/contract';
import type { NextRequest } from 'next/server';
import { apiHeaders, currentSession } from './api-headers';
import { API_URL } from './env';
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
 * `/api/*` of the shop's host: passes the browser's call to the API with the common headers of
 * spec §7 and hands back the answer as it came (decision 0005); the browser's client reads it by
 * the contract.
 */
export async function forwardToApi(request: NextRequest): Promise<Response> {
  const outgoing = apiHeaders(await currentSession(await currentTenant()), request.headers);
  const target = `${API_URL}${request.nextUrl.pathname}${request.nextUrl.search}`;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  try {
    const upstream = await fetch(target, {
      method: request.method,
      headers: outgoing,
      body: hasBody ? await request.arrayBuffer() : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    return new Response(upstream.body, {
      status: upstream.status,
      headers: apiResponseHeaders(upstream.headers),
    });
  } catch {
    return Response.json(
      {
        code: ErrorCode.SERVICE_UNAVAILABLE,
        message: 'The shop service cannot be reached. Please try again.',
      } satisfies ErrorEnvelope,
      { status: 503 },
    );
  }
}

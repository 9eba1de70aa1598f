import { ErrorCode } from '@shop/domain';
import { cookies, headers } from 'next/headers';
import type { NextRequest } from 'next/server';
import { API_URL } from '../../../lib/env';
import { apiRequestHeaders, apiResponseHeaders } from '../../../lib/proxy';
import { currentTenant } from '../../../lib/tenant';

const API_TIMEOUT_MS = 30_000;

/** Passes `/api/*` to the API with the common headers of spec §7. */
async function proxy(request: NextRequest): Promise<Response> {
  const incoming = await headers();
  const forwardedFor = incoming.get('x-forwarded-for')?.split(',')[0]?.trim();
  const outgoing = apiRequestHeaders(request.headers, {
    tenant: await currentTenant(),
    cookies: await cookies(),
    clientIp: forwardedFor || incoming.get('x-real-ip') || undefined,
  });
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
      },
      { status: 503 },
    );
  }
}

export const GET = proxy;
export const POST = proxy;
export const PUT = proxy;
export const PATCH = proxy;
export const DELETE = proxy;

/** An answer of the back office's API that is not a success: its status and `{ code, message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  query?: URLSearchParams;
}

/**
 * Calls `/api/backoffice{path}` on the page's own origin with the session cookie, and answers the
 * JSON body (undefined for an empty one). Any other status than 2xx throws an ApiError.
 */
export async function backofficeCall<Answer>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  { body, headers = {}, query }: CallOptions = {},
): Promise<Answer> {
  const search = query?.size ? `?${query}` : '';
  const response = await fetch(`/api/backoffice${path}${search}`, {
    method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const answer = readJson(text);
  if (!response.ok) {
    const { code, message } = (answer ?? {}) as { code?: unknown; message?: unknown };
    throw new ApiError(
      response.status,
      typeof code === 'string' ? code : `HTTP_${response.status}`,
      typeof message === 'string' ? message : response.statusText,
    );
  }
  return answer as Answer;
}

function readJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Whether the error is the API's answer of that status (and code, if given). */
export function isApiError(error: unknown, status: number, code?: string): error is ApiError {
  return error instanceof ApiError && error.status === status && (code === undefined || error.code === code);
}

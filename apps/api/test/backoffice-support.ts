import { currentTotp } from '../src/backoffice/totp';
import { DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET } from '../src/demo/staff';
import type { RunningApi } from './harness';

export const ADMIN = 'admin@platform.example';
export const SUPPORT = 'support@funkfix.example';
export const FINANCE = 'finance@funkfix.example';
export const CATALOGUE = 'catalogue@ladeplatz.example';

/** The back office's calls as a staff member's script makes them: bearer token, JSON, an Idempotency-Key where given. */
export function staffClient(api: RunningApi) {
  async function staffCall(
    method: string,
    path: string,
    token?: string,
    { body, key }: { body?: unknown; key?: string } = {},
  ) {
    const response = await api.request(path, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(key ? { 'Idempotency-Key': key } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
    return { status: response.status, body: (text ? JSON.parse(text) : null) as any };
  }

  const tokens = new Map<string, Promise<string>>();
  /** One session per staff member for the file (a code is taken once per address and step). */
  function tokenOf(email: string): Promise<string> {
    let token = tokens.get(email);
    if (!token) {
      token = api
        .request('/api/backoffice/auth/sign-in', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            email,
            password: DEMO_STAFF_PASSWORD,
            totp: currentTotp(DEMO_STAFF_TOTP_SECRET),
          }),
        })
        .then(async (response) => ((await response.json()) as { token: string }).token);
      tokens.set(email, token);
    }
    return token;
  }

  return { staffCall, tokenOf };
}

import http from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { mainPagePath, type TenantConfig, tenants } from '@shop/tenants';
import { ports } from '../playwright.config';

export const demoTenants = tenants().all;

export function tenant(shopId: string): TenantConfig {
  const found = tenants().byId(shopId);
  if (!found) throw new Error(`No demo tenant ${shopId}`);
  return found;
}

/** Absolute URL of a path in a tenant's shop (Chromium resolves `*.localhost`). */
export function shopUrl(shopId: string, path = mainPagePath(tenant(shopId))): string {
  return `http://${shopId}.localhost:${ports.storefront}${path}`;
}

export interface PlainResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json<T = Record<string, unknown>>(): T;
  text(): string;
}

/**
 * A request to the shop as its callers make it, over node:http (whose Host header is sent as
 * given): Node resolves no `*.localhost` names, so it calls the loopback address with the Host.
 */
export function requestShop(
  host: string,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
    chunked = false,
  }: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Sends the body in pieces without a length (Transfer-Encoding: chunked), as a stream is sent. */
    chunked?: boolean;
  } = {},
): Promise<PlainResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: ports.storefront,
        path,
        method,
        headers: { ...headers, Host: `${host}:${ports.storefront}` },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            json: () => JSON.parse(text),
            text: () => text,
          }),
        );
      },
    );
    request.on('error', reject);
    const piece = 64 * 1024;
    if (chunked && body)
      for (let at = 0; at < body.length; at += piece) request.write(body.slice(at, at + piece));
    request.end(chunked ? undefined : body);
  });
}

export function callShop(host: string, path: string, headers: Record<string, string> = {}) {
  return requestShop(host, path, { headers });
}

/** The WCAG 2.2 A/AA checks of axe-core find nothing on the page as it is now. */
export async function expectNoAxeViolations(
  page: Page,
  tags = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'],
) {
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(
    results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) })),
  ).toEqual([]);
}

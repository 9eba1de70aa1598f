import { HEATMAP_VERSION } from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';

/**
 * Where the tenant's measurement tools load from (decision 0047): the tools' own addresses, or
 * the sandbox's stand-ins where `npm start` points the templates (`{id}`, `{version}` filled in).
 */
const TEMPLATES = {
  tagManager: ['TAG_MANAGER_SCRIPT_URL', 'https://www.googletagmanager.com/gtm.js?id={id}'],
  analytics: ['ANALYTICS_SCRIPT_URL', 'https://www.googletagmanager.com/gtag/js?id={id}'],
  heatMap: ['HEATMAP_SCRIPT_URL', 'https://static.hotjar.com/c/hotjar-{id}.js?sv={version}'],
  push: ['PUSH_SCRIPT_URL', 'https://cdn.webpu.sh/{id}/sdk.js'],
} as const;

/** Where the real tools send what they measure, beyond their scripts' own origins. */
const DEFAULT_COLLECTOR_ORIGINS =
  'https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com https://*.hotjar.com https://*.hotjar.io wss://*.hotjar.com https://*.webpu.sh';

type Tool = keyof typeof TEMPLATES;

function template(tool: Tool): string {
  const [name, fallback] = TEMPLATES[tool];
  return process.env[name] || fallback;
}

function fill(tool: Tool, id: string): string {
  return template(tool).replace('{id}', encodeURIComponent(id)).replace('{version}', String(HEATMAP_VERSION));
}

/** The scripts a page of the tenant loads once the shopper allowed statistics; an id missing, no script. */
export interface MeasurementScripts {
  tagManager?: string;
  analytics?: { url: string; measurementId: string };
  heatMap?: { url: string; siteId: number };
  push?: string;
}

export function measurementScripts(tenant: TenantConfig, measurementId: string): MeasurementScripts {
  return {
    ...(tenant.tagManagerId ? { tagManager: fill('tagManager', tenant.tagManagerId) } : {}),
    ...(measurementId ? { analytics: { url: fill('analytics', measurementId), measurementId } } : {}),
    ...(tenant.hotjarId
      ? { heatMap: { url: fill('heatMap', tenant.hotjarId), siteId: Number(tenant.hotjarId) } }
      : {}),
    ...(tenant.xtremepushId ? { push: fill('push', tenant.xtremepushId) } : {}),
  };
}

/**
 * The origins a page may load measurement scripts from and send to, once the shopper allowed
 * statistics (the page's CSP adds them then, and only then).
 */
export function measurementOrigins(): string[] {
  const origins = (Object.keys(TEMPLATES) as Tool[]).map((tool) => new URL(fill(tool, 'x')).origin);
  const collectors = (process.env.MEASUREMENT_COLLECTOR_ORIGINS ?? DEFAULT_COLLECTOR_ORIGINS).split(/\s+/);
  return [...new Set([...origins, ...collectors.filter(Boolean)])];
}

/** The tools a tenant measures with, as the cookie settings name them. */
export function measurementTools(tenant: TenantConfig): (keyof MeasurementScripts)[] {
  const configured: Record<keyof MeasurementScripts, string | undefined> = {
    tagManager: tenant.tagManagerId,
    analytics: tenant.measurementId,
    heatMap: tenant.hotjarId,
    push: tenant.xtremepushId,
  };
  return (Object.keys(configured) as (keyof MeasurementScripts)[]).filter((tool) => configured[tool]);
}

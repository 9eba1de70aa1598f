import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { answerErrorsAsJson, sendError } from '../replies';
import { MEASUREMENT_TOOLS, type MeasurementHits, type MeasurementTool } from './hits';
import { standInScript } from './scripts';

/**
 * The tenant's measurement tools, registered under `/measurement` (docs/sandbox.md):
 *
 * - `GET /measurement/gtm.js?id=GTM-…`, `/gtag/js?id=G-…`, `/hotjar.js?id=…&sv=6`,
 *   `/push.js?id=…`: stand-in scripts of the tag manager, analytics, heat map and push service.
 * - `POST /measurement/collect`: what the scripts send from the page (a text/plain JSON beacon).
 * - `GET /measurement/hits?site=&since=`: what was received, oldest first, for tests.
 */

const IDS: Record<MeasurementTool, RegExp> = {
  'tag-manager': /^GTM-[A-Z0-9]{4,12}$/,
  analytics: /^G-[A-Z0-9]{4,16}$/,
  'heat-map': /^\d{4,10}$/,
  push: /^[a-z0-9-]{4,40}$/,
};

const SCRIPTS: Record<string, MeasurementTool> = {
  '/gtm.js': 'tag-manager',
  '/gtag/js': 'analytics',
  '/hotjar.js': 'heat-map',
  '/push.js': 'push',
};

/** The shop's host a request came from, by its Referer (browsers send at least the origin). */
function siteOf(request: FastifyRequest): string {
  try {
    return new URL(request.headers.referer ?? '').host;
  } catch {
    return '';
  }
}

function parseHit(body: unknown) {
  let value: unknown;
  try {
    value = typeof body === 'string' ? JSON.parse(body) : body;
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { tool, id, kind, site, data } = value as Record<string, unknown>;
  if (!MEASUREMENT_TOOLS.includes(tool as MeasurementTool) || typeof id !== 'string') return undefined;
  if ((kind !== 'loaded' && kind !== 'event') || typeof site !== 'string' || site.length > 255)
    return undefined;
  return { tool: tool as MeasurementTool, id, kind, site, data: data ?? null } as const;
}

export const measurementRoutes: FastifyPluginAsync<{ hits: MeasurementHits }> = async (app, { hits }) => {
  answerErrorsAsJson(app, 'measurement');

  for (const [path, tool] of Object.entries(SCRIPTS)) {
    app.get<{ Querystring: { id?: string; sv?: string } }>(path, async (request, reply: FastifyReply) => {
      const { id, sv } = request.query;
      if (typeof id !== 'string' || !IDS[tool].test(id)) {
        return sendError(reply, 400, 'VALIDATION_FAILED', `id must be a ${tool} id`);
      }
      hits.add({ tool, id, kind: 'script', site: siteOf(request), data: sv === undefined ? null : { sv } });
      const collectUrl = `${request.protocol}://${request.host}/measurement/collect`;
      return reply
        .header('Content-Type', 'text/javascript; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(standInScript(tool, id, collectUrl));
    });
  }

  app.post('/collect', { bodyLimit: 16_384 }, async (request, reply) => {
    const hit = parseHit(request.body);
    if (!hit) return sendError(reply, 400, 'VALIDATION_FAILED', 'a beacon is { tool, id, kind, site, data }');
    hits.add(hit);
    return reply.status(204).send();
  });

  app.get<{ Querystring: { site?: string; since?: string } }>('/hits', async (request, reply) => {
    const since = request.query.since === undefined ? 0 : Number(request.query.since);
    if (!Number.isFinite(since))
      return sendError(reply, 400, 'VALIDATION_FAILED', 'since is ms since the epoch');
    return hits.list({ site: request.query.site, since });
  });
};

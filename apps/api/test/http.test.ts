import { describe, expect, it } from 'vitest';
import { apiForFile } from './api-for-file';

const api = apiForFile();

describe('the API edge', () => {
  it('reports health with the database reachable, the worker alive and no job waiting', async () => {
    const response = await api.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      database: 'ok',
      worker: { alive: true, lastSeenAt: expect.any(String) },
      jobs: { waiting: 0, failed: 0 },
    });
  });

  it('answers malformed JSON with 400 VALIDATION_FAILED and no stack trace', async () => {
    const response = await api.request('/api/translations/de/common', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Tenant-Id': 'funkfix' },
      body: '{"broken": ',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    expect(JSON.stringify(body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });

  it('answers an unknown route with the error envelope', async () => {
    const response = await api.request('/api/nothing/here');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
  });

  it('carries a request id, taking the caller’s when it sends one', async () => {
    const generated = await api.request('/api/health');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await api.request('/api/health', { headers: { 'X-Request-Id': 'trace-42' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-42');
  });

  it('publishes an OpenAPI document of its routes and a viewer', async () => {
    const document = (await (await api.request('/api/docs/json')).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/translations/{lng}/{ns}']),
    );
    const viewer = await api.request('/api/docs/');
    expect(viewer.status).toBe(200);
    expect(await viewer.text()).toContain('swagger');
  });
});

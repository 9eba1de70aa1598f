import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from './test-support';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

/** The origin of the tests' return URL (`RETURN_URL`): the shop that frames the page. */
const SHOP_ORIGIN = 'https://shop.test';

const scripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, text]) => ({
    attributes: attributes ?? '',
    text: text ?? '',
  }));

/** The sources `script-src` of a CSP header lists. */
function scriptSources(csp: string | null): string[] {
  const directive = csp
    ?.split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'script-src');
  return directive?.slice(1) ?? [];
}

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

async function embeddedPages() {
  const payment = await sandbox.createPayment();
  const paypal = await sandbox.createPayment({
    method: 'paypal',
    additionalData: { paypal: { iframe: true } },
  });
  const authenticating = await sandbox.createPayment();
  await sandbox.act(authenticating, 'approve', {
    cardNumber: '4000000000003220',
    expiry: '12/99',
    cvc: '123',
  });
  const finished = await sandbox.createPayment();
  await sandbox.act(finished, 'approve');
  const token = await sandbox.createToken();
  return [
    `/psp/pay/${payment}?embedded=1`,
    `/psp/pay/${paypal}?embedded=true`,
    `/psp/pay/${authenticating}?embedded=1`,
    `/psp/pay/${authenticating}/3ds?embedded=1`,
    `/psp/pay/${finished}?embedded=1`,
    `/psp/save/${token}?embedded=1`,
  ];
}

describe('the frame-height script of embedded pages', () => {
  it('is on every embedded page, once, posting to the shop of the return URL', async () => {
    for (const path of await embeddedPages()) {
      const { text } = await sandbox.call('GET', path);
      const found = scripts(text);
      expect(found, path).toHaveLength(1);
      expect(found[0]?.attributes, path).toBe(` data-parent-origin="${SHOP_ORIGIN}"`);
      expect(found[0]?.text, path).toContain("type: 'psp:height'");
    }
  });

  it('is admitted by the pages’ Content-Security-Policy by its hash, and no other script is', async () => {
    for (const path of await embeddedPages()) {
      const { headers, text } = await sandbox.call('GET', path);
      const [script] = scripts(text);
      expect(scriptSources(headers.get('content-security-policy')), path).toEqual([
        hashOf(script?.text ?? ''),
      ]);
    }
  });

  it('is not on the pages shown on their own', async () => {
    const payment = await sandbox.createPayment();
    const token = await sandbox.createToken();
    for (const path of [`/psp/pay/${payment}`, `/psp/pay/${payment}?embedded=0`, `/psp/save/${token}`]) {
      const { text } = await sandbox.call('GET', path);
      expect(scripts(text), path).toEqual([]);
    }
  });
});

/**
 * Runs the page's script in a stand-in browser: a document element of a given height, a
 * ResizeObserver the test triggers, and a parent window that records what it receives.
 */
async function runScript({ inFrame = true } = {}) {
  const payment = await sandbox.createPayment();
  const { text } = await sandbox.call('GET', `/psp/pay/${payment}?embedded=1`);
  const [script] = scripts(text);
  const origin = script?.attributes.match(/data-parent-origin="([^"]*)"/)?.[1] ?? null;
  const posted: Array<{ message: unknown; targetOrigin: string }> = [];
  const observers: Array<() => void> = [];
  const state = { height: 693.2 };
  const parent = {
    postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }),
  };
  const window: Record<string, unknown> = { addEventListener: () => {} };
  window.parent = inFrame ? parent : window;
  const root = { getBoundingClientRect: () => ({ height: state.height }) };
  runInNewContext(script?.text ?? '', {
    window,
    document: {
      documentElement: root,
      readyState: 'complete',
      currentScript: { getAttribute: (name: string) => (name === 'data-parent-origin' ? origin : null) },
    },
    ResizeObserver: class {
      constructor(private readonly callback: () => void) {}
      observe() {
        observers.push(() => this.callback());
      }
    },
  });
  const resize = (height: number) => {
    state.height = height;
    for (const notify of observers) notify();
  };
  // The stand-in's objects come from another realm: compare them by value.
  return { posted: () => JSON.parse(JSON.stringify(posted)), resize };
}

describe('running the frame-height script', () => {
  it('posts the whole-pixel height on load and on every change of it, nothing more', async () => {
    const { posted, resize } = await runScript();
    expect(posted()).toEqual([{ message: { type: 'psp:height', height: 694 }, targetOrigin: SHOP_ORIGIN }]);
    resize(693.9);
    resize(540);
    expect(posted()).toEqual([
      { message: { type: 'psp:height', height: 694 }, targetOrigin: SHOP_ORIGIN },
      { message: { type: 'psp:height', height: 540 }, targetOrigin: SHOP_ORIGIN },
    ]);
  });

  it('posts nothing when the page is not in a frame', async () => {
    const { posted, resize } = await runScript({ inFrame: false });
    resize(800);
    expect(posted()).toEqual([]);
  });
});

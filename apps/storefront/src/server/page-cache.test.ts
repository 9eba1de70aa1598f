import { describe, expect, it } from 'vitest';
import { pageBody } from './page-body';
import { createPageCache, type RenderedPage } from './page-cache';

const rendered = (text: string, status = 200, headers: [string, string][] = []): RenderedPage => ({
  status,
  headers,
  body: pageBody(text, ['PLACEHOLDER']),
});

/** A render that counts its calls and answers `text` with the number of the call. */
function counting(status = 200, headers: [string, string][] = []) {
  let calls = 0;
  const render = async () => {
    calls += 1;
    return rendered(`page ${calls}`, status, headers);
  };
  return { render, calls: () => calls };
}

const textOf = (page: RenderedPage) => Buffer.concat(page.body.parts).toString();

describe('the page cache', () => {
  it('keeps nothing until it hears of changes, then keeps a page per tenant and key', async () => {
    const cache = createPageCache();
    const { render, calls } = counting();
    await cache.page('ladeplatz', '/shop', render);
    await cache.page('ladeplatz', '/shop', render);
    expect(calls()).toBe(2);
    expect(cache.keeping).toBe(false);

    cache.hear({ listening: true });
    expect((await cache.page('ladeplatz', '/shop', render)).kept).toBe(false);
    const again = await cache.page('ladeplatz', '/shop', render);
    expect(again.kept).toBe(true);
    expect(textOf(again.page)).toBe('page 3');
    expect(calls()).toBe(3);
  });

  it("forgets a tenant's pages at its change, and only that tenant's", async () => {
    const cache = createPageCache();
    cache.hear({ listening: true });
    const { render, calls } = counting();
    await cache.page('ladeplatz', '/shop', render);
    await cache.page('kartenkiosk', '/shop', render);
    cache.hear({ changed: 'ladeplatz' });
    expect(textOf((await cache.page('ladeplatz', '/shop', render)).page)).toBe('page 3');
    expect(textOf((await cache.page('kartenkiosk', '/shop', render)).page)).toBe('page 2');
    cache.hear({ changed: '*' });
    expect((await cache.page('kartenkiosk', '/shop', render)).kept).toBe(false);
    expect(calls()).toBe(4);
  });

  it('keeps no page rendered just after a change, as an API process may not have heard of it yet', async () => {
    const cache = createPageCache({ changeSettleMs: 100 });
    cache.hear({ listening: true });
    const { render } = counting();
    await cache.page('kartenkiosk', '/shop', render);
    cache.hear({ changed: 'ladeplatz' });
    await cache.page('ladeplatz', '/shop', render);
    expect((await cache.page('ladeplatz', '/shop', render)).kept).toBe(false);
    // Another tenant's kept page stays.
    expect((await cache.page('kartenkiosk', '/shop', render)).kept).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 120));
    await cache.page('ladeplatz', '/shop', render);
    expect((await cache.page('ladeplatz', '/shop', render)).kept).toBe(true);
    cache.hear({ changed: '*' });
    await cache.page('kartenkiosk', '/shop', render);
    expect((await cache.page('kartenkiosk', '/shop', render)).kept).toBe(false);
  });

  it('forgets everything and keeps nothing once it no longer hears of changes', async () => {
    const cache = createPageCache();
    cache.hear({ listening: true });
    const { render, calls } = counting();
    await cache.page('ladeplatz', '/shop', render);
    cache.hear({ listening: false });
    await cache.page('ladeplatz', '/shop', render);
    await cache.page('ladeplatz', '/shop', render);
    expect(calls()).toBe(3);
  });

  it('does not keep a page whose render began before a change of its tenant', async () => {
    const cache = createPageCache();
    cache.hear({ listening: true });
    let finish: (page: RenderedPage) => void = () => {};
    const slow = cache.page(
      'ladeplatz',
      '/shop',
      () =>
        new Promise<RenderedPage>((resolve) => {
          finish = resolve;
        }),
    );
    cache.hear({ changed: 'ladeplatz' });
    finish(rendered('before the change'));
    expect(textOf((await slow).page)).toBe('before the change');
    const { render } = counting();
    expect(textOf((await cache.page('ladeplatz', '/shop', render)).page)).toBe('page 1');
  });

  it('shares one render among requests of one key and keeps no error, redirect or page that sets a cookie', async () => {
    const cache = createPageCache();
    cache.hear({ listening: true });
    const { render, calls } = counting();
    await Promise.all([1, 2, 3].map(() => cache.page('ladeplatz', '/shop', render)));
    expect(calls()).toBe(1);
    const unkept: [number, [string, string][]][] = [
      [500, []],
      [307, [['location', '/shop']]],
      [200, [['set-cookie', 'LOCALE=en']]],
    ];
    for (const [status, headers] of unkept) {
      const other = counting(status, headers);
      await cache.page('ladeplatz', `/other-${status}`, other.render);
      await cache.page('ladeplatz', `/other-${status}`, other.render);
      expect(other.calls()).toBe(2);
    }
  });
});

import type { BrandList, ErrorEnvelope, Product, ProductListing } from '@shop/domain/contract';
import { describe, expect, it } from 'vitest';
import { apiForFile } from './api-for-file';

const api = apiForFile();

type Query = Record<string, string | number>;

async function search(tenant: string, query: Query = {}, headers: Record<string, string> = {}) {
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return api.request(`/api/shop/rest/v1/products?${params}`, {
    headers: { 'X-Tenant-Id': tenant, ...headers },
  });
}
async function list(
  tenant: string,
  query: Query = {},
  headers: Record<string, string> = {},
): Promise<ProductListing> {
  const response = await search(tenant, query, headers);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ProductListing;
}
async function everything(tenant: string): Promise<Product[]> {
  return (await list(tenant, { size: 100 })).items;
}
const faceValue = (product: Product) => product.amount ?? product.priceRange?.min ?? 0;

describe('GET /api/shop/rest/v1/products', () => {
  it('answers the first page of 15 with pagination and counts', async () => {
    const listing = await list('ladeplatz');
    expect(listing.items).toHaveLength(15);
    expect(listing.metadata.count).toBe(15);
    expect(listing.metadata.totalCount).toBeGreaterThan(30);
    expect(listing.paginationParams).toEqual({
      page: 0,
      size: 15,
      totalPages: Math.ceil(listing.metadata.totalCount / 15),
    });
    expect(listing.items[0]).toMatchObject({ currency: 'EUR', brand: { brandId: expect.any(String) } });
  });

  it('pages through every product once, and answers an empty page past the end', async () => {
    const { metadata, paginationParams } = await list('ladeplatz');
    const seen: string[] = [];
    for (let page = 0; page < paginationParams.totalPages; page += 1) {
      seen.push(...(await list('ladeplatz', { page })).items.map((item) => item.id));
    }
    expect(seen).toHaveLength(metadata.totalCount);
    expect(new Set(seen).size).toBe(metadata.totalCount);
    const beyond = await list('ladeplatz', { page: paginationParams.totalPages + 3 });
    expect(beyond.items).toEqual([]);
    expect(beyond.metadata).toEqual({ count: 0, totalCount: metadata.totalCount });
  });

  it('decodes comma-separated key=value filters, skipping empty values', async () => {
    const listing = await list('ladeplatz', {
      filters: 'object-type=variant,brand=pixelpass,category=',
      size: 100,
    });
    expect(listing.items.length).toBeGreaterThan(0);
    expect(listing.items.every((item) => item.brand.brandId === 'pixelpass')).toBe(true);
    expect(listing.items.every((item) => item.category.categoryId === 'gaming')).toBe(true);

    const byCategory = await list('ladeplatz', { filters: 'category=mobile,kind=ONCE_OFF', size: 100 });
    expect(new Set(byCategory.items.map((item) => item.brand.brandId))).toEqual(
      new Set(['funkfix', 'blitzmobil', 'tarifwerk', 'alpenfunk']),
    );
  });

  it('filters by status, text and amount', async () => {
    const soon = await list('funkfix', { filters: 'status=COMING_SOON' });
    expect(soon.items.length).toBeGreaterThan(0);
    expect(soon.items.every((item) => item.status === 'COMING_SOON')).toBe(true);

    const text = await list('ladeplatz', { filters: 'query=PIXEL' });
    expect(text.items.length).toBeGreaterThan(0);
    expect(text.items.every((item) => item.brand.name === 'PixelPass')).toBe(true);

    const fifteen = await list('funkfix', { filters: 'amount=1500', size: 100 });
    expect(fifteen.items.map((item) => item.productId)).toEqual(
      expect.arrayContaining(['funkfix-topup-1500', 'funkfix-topup-any']),
    );
    expect(fifteen.items.every((item) => item.amount === 1500 || item.priceRange !== null)).toBe(true);
    const odd = await list('funkfix', { filters: 'amount=1550,kind=ONCE_OFF' });
    expect(odd.items).toEqual([]);
  });

  it('treats % and _ in the text query as plain characters', async () => {
    expect((await list('ladeplatz', { filters: 'query=%25' })).items).toEqual([]);
    expect((await list('ladeplatz', { filters: 'query=_' })).items).toEqual([]);
  });

  it('sorts by face value both ways', async () => {
    const ascending = (await list('funkfix', { sortBy: 'amount', size: 100 })).items.map(faceValue);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const descending = (await list('funkfix', { sortBy: 'amount,desc', size: 100 })).items.map(faceValue);
    expect(descending).toEqual([...ascending].sort((a, b) => b - a));
  });

  it("never shows one tenant's products to another", async () => {
    const ladeplatz = await everything('ladeplatz');
    const funkfix = await everything('funkfix');
    const funkfixIds = new Set(funkfix.map((item) => item.id));
    expect(ladeplatz.some((item) => funkfixIds.has(item.id))).toBe(false);
    expect((await list('funkfix', { filters: 'brand=pixelpass' })).items).toEqual([]);
    const topnet = await everything('topnet');
    expect(topnet.every((item) => item.currency === 'GBP' && item.brand.brandId === 'topnet')).toBe(true);
  });

  it('offers a WhatsApp-only product only once the top-up data is valid (spec §5)', async () => {
    const whatsappOnly = (listing: ProductListing) =>
      listing.items.filter((item) => item.productId.endsWith('-voucher-whatsapp'));
    expect(whatsappOnly(await list('ladeplatz', { size: 100, filters: 'kind=VOUCHER' }))).toEqual([]);
    const offered = await list('ladeplatz', { size: 100, filters: 'kind=VOUCHER,topupData=valid' });
    expect(whatsappOnly(offered)).toHaveLength(1);
  });

  it("offers the mobile-app tenant's products only on the session's channel", async () => {
    const web = await list('callhome', { size: 100 });
    expect(web.metadata.totalCount).toBeGreaterThan(0);
    const app = await list('callhome', { size: 100 }, { 'X-Channel': 'app' });
    // The app sells what the web sells, and its own calling card in the shop's currency.
    expect(app.items.map((item) => item.productId).sort()).toEqual(
      [...web.items.map((item) => item.productId), 'callhome-app-card-gbp-1500'].sort(),
    );
    expect((await list('callhome', {}, { 'X-Channel': 'ivr' })).metadata.totalCount).toBe(0);
    expect((await list('callhome', {}, { 'X-Channel': 'carrier-pigeon' })).metadata.totalCount).toBe(0);
  });

  it.each([
    [{ page: -1 }, 'page'],
    [{ size: 101 }, 'size'],
    [{ size: 0 }, 'size'],
    [{ filters: 'kind=NOPE' }, 'filters.kind'],
    [{ filters: 'colour=red' }, 'filters.colour'],
    [{ filters: 'brand' }, 'filters'],
    [{ filters: 'amount=-5' }, 'filters.amount'],
    [{ filters: 'status=INACTIVE' }, 'filters.status'],
    [{ sortBy: 'price' }, 'sortBy'],
    [{ filters: 'topupData=maybe' }, 'filters.topupData'],
  ])('refuses %o with 400 VALIDATION_FAILED naming %s', async (query, field) => {
    const response = await search('ladeplatz', query);
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorEnvelope;
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toContain(field);
  });

  it('offers automatic top-ups, and SMS top-ups where the shop has a short number (decision 0041)', async () => {
    for (const [tenant, kinds] of [
      ['funkfix', ['AUTOMATIC', 'ONCE_OFF']],
      ['belwaarde', ['AUTOMATIC', 'ONCE_OFF', 'SMS']],
    ] as const) {
      const offered = new Set((await everything(tenant)).map((product) => product.kind));
      expect([...offered].sort(), tenant).toEqual(kinds);
    }
    const ladeplatz = (await everything('ladeplatz')).filter((product) => product.kind === 'AUTOMATIC');
    expect(ladeplatz.map((product) => product.productId).sort()).toEqual([
      'blitzmobil-automatic',
      'funkfix-automatic',
    ]);
    expect((await everything('callhome')).some((product) => product.kind === 'AUTOMATIC')).toBe(false);
    expect(
      (await list('belwaarde', { filters: 'kind=SMS' })).items.map((product) => product.productId),
    ).toEqual(['belwaarde-sms']);
  });

  it('refuses a call without a tenant', async () => {
    const response = await api.request('/api/shop/rest/v1/products');
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorEnvelope).code).toBe('UNKNOWN_TENANT');
  });
});

describe('GET /api/shop/rest/v1/brands', () => {
  it('lists the brands of a multi-brand tenant with their categories', async () => {
    const response = await api.request('/api/shop/rest/v1/brands', {
      headers: { 'X-Tenant-Id': 'ladeplatz' },
    });
    const { items } = (await response.json()) as BrandList;
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ brandId: 'funkfix', categoryId: 'mobile' }),
        expect.objectContaining({ brandId: 'pixelpass', categoryId: 'gaming' }),
      ]),
    );
    expect(items.every((item) => item.productCount > 0)).toBe(true);
    const gaming = await api.request('/api/shop/rest/v1/brands?category=gaming', {
      headers: { 'X-Tenant-Id': 'ladeplatz' },
    });
    const gamingItems = ((await gaming.json()) as BrandList).items;
    expect(gamingItems.every((item) => item.categoryId === 'gaming')).toBe(true);
  });
});

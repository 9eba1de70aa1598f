import type { schema } from '@shop/db';
import type { TenantConfig } from '@shop/tenants';

export type NewProduct = typeof schema.products.$inferInsert;

/** Display names of the demo brands that are not tenants of their own. */
const VOUCHER_BRANDS: Record<string, string> = {
  pixelpass: 'PixelPass',
  spielfeld: 'Spielfeld',
  streamhaus: 'StreamHaus',
  kinogold: 'KinoGold',
  weltruf: 'WeltRuf',
  fernruf: 'FernRuf',
};

const TOPUP_AMOUNTS = [500, 1000, 1500, 2000, 2500, 3000, 5000];
const VOUCHER_AMOUNTS = [1000, 2000, 2500, 5000];
const TOPUP_RANGE = { minAmount: 500, maxAmount: 10000, step: 100 };

/** A product of the tenant's currency unless it names another. */
type Draft = Omit<NewProduct, 'tenantId' | 'currency' | 'sortOrder'> & { currency?: string };

/** Calling cards sold in the phone app only, in the currencies the app sells in (demo-tenants). */
const APP_CARDS = [
  { currency: 'GBP', amount: 1500 },
  { currency: 'EUR', amount: 1000 },
  { currency: 'EUR', amount: 2000 },
];

function brandName(brandId: string, tenants: readonly TenantConfig[]): string {
  return (
    tenants.find((tenant) => tenant.shopId === brandId)?.providerName ?? VOUCHER_BRANDS[brandId] ?? brandId
  );
}

/** Once-off top-ups of a mobile brand: fixed amounts plus one ranged "any amount" product. */
function topups(brandId: string, name: string, categoryId: string): Draft[] {
  return [
    ...TOPUP_AMOUNTS.map((amount) => ({
      productId: `${brandId}-topup-${amount}`,
      kind: 'ONCE_OFF' as const,
      brandId,
      brandName: name,
      categoryId,
      amount,
    })),
    {
      productId: `${brandId}-topup-any`,
      kind: 'ONCE_OFF' as const,
      brandId,
      brandName: name,
      categoryId,
      ...TOPUP_RANGE,
    },
  ];
}

/** The operator brands a multi-brand shop sells automatic top-ups of (the demo accounts' numbers are theirs). */
const AUTOMATIC_BRANDS = ['funkfix', 'blitzmobil'];

/** Everything a demo tenant sells (spec §3 Product; demo-tenants.md). Amounts in minor units. */
export function demoCatalogue(tenant: TenantConfig, allTenants: readonly TenantConfig[]): NewProduct[] {
  const own = tenant.shopId;
  const drafts: Draft[] = [];

  if (tenant.flags.hasMultipleBrands) {
    for (const [brandId, route] of Object.entries(tenant.brandRoutes)) {
      const categoryId = route.split('/')[2] ?? 'mobile';
      const name = brandName(brandId, allTenants);
      if (categoryId === 'mobile') drafts.push(...topups(brandId, name, categoryId));
      else {
        drafts.push(
          ...VOUCHER_AMOUNTS.map(
            (amount): Draft => ({
              productId: `${brandId}-voucher-${amount}`,
              kind: 'VOUCHER' as const,
              brandId,
              brandName: name,
              categoryId,
              amount,
            }),
          ),
        );
      }
    }
    // Automatic top-ups of the operator brands whose numbers the shop tops up (demo-tenants.md).
    if (tenant.topup.options.allowedTypes.length > 0) {
      for (const brandId of AUTOMATIC_BRANDS.filter((brand) => brand in tenant.brandRoutes)) {
        const name = brandName(brandId, allTenants);
        drafts.push({
          productId: `${brandId}-automatic`,
          kind: 'AUTOMATIC',
          brandId,
          brandName: name,
          categoryId: 'mobile',
          ...TOPUP_RANGE,
        });
      }
    }
    // A voucher sold only through WhatsApp (spec §5 channel rules).
    const firstVoucher = drafts.find((draft) => draft.kind === 'VOUCHER');
    if (firstVoucher) {
      drafts.push({
        ...firstVoucher,
        productId: `${firstVoucher.brandId}-voucher-whatsapp`,
        amount: 1500,
        channels: ['whatsapp'],
      });
    }
  } else if (tenant.flags.hasMobileAppFlow) {
    const name = tenant.providerName;
    drafts.push(
      ...VOUCHER_AMOUNTS.map(
        (amount): Draft => ({
          productId: `${own}-calling-card-${amount}`,
          kind: 'VOUCHER',
          brandId: own,
          brandName: name,
          categoryId: 'calling-cards',
          amount,
          channels: ['web', 'app'],
        }),
      ),
      {
        productId: `${own}-cash-code`,
        kind: 'CASH_CODE',
        brandId: own,
        brandName: name,
        categoryId: 'calling-cards',
        ...TOPUP_RANGE,
        channels: ['web', 'app'],
      },
      ...APP_CARDS.map(
        ({ currency, amount }): Draft => ({
          productId: `${own}-app-card-${currency.toLowerCase()}-${amount}`,
          kind: 'VOUCHER',
          brandId: own,
          brandName: name,
          categoryId: 'calling-cards',
          amount,
          currency,
          channels: ['app'],
        }),
      ),
    );
  } else {
    drafts.push(...topups(own, tenant.providerName, 'mobile'));
  }

  if (tenant.topup.options.allowedTypes.length > 0 && !tenant.flags.hasMultipleBrands) {
    const base = { brandId: own, brandName: tenant.providerName, categoryId: 'mobile', ...TOPUP_RANGE };
    drafts.push({ ...base, productId: `${own}-automatic`, kind: 'AUTOMATIC' });
    if (tenant.flags.autoTopupLightEnabled) {
      drafts.push({ ...base, productId: `${own}-automatic-light`, kind: 'AUTOMATIC', variant: 'LIGHT' });
    }
  }
  if (tenant.topup.options.smsTopup) {
    drafts.push({
      productId: `${own}-sms`,
      kind: 'SMS',
      brandId: own,
      brandName: tenant.providerName,
      categoryId: 'mobile',
      ...TOPUP_RANGE,
    });
  }

  // A few products that cannot be bought yet or now, so shops show every status.
  const statuses = ['OUT_OF_STOCK', 'COMING_SOON'] as const;
  const fixed = drafts.filter((draft) => draft.amount != null && draft.channels === undefined);
  fixed.slice(-2).forEach((draft, index) => {
    draft.status = statuses[index];
  });

  return drafts.map((draft, index) => ({
    ...draft,
    tenantId: own,
    currency: draft.currency ?? tenant.currency,
    sortOrder: index,
  }));
}

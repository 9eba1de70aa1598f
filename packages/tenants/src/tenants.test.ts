import { existsSync } from 'node:fs';
import { AA_TEXT_CONTRAST, AA_UI_CONTRAST, contrastRatio } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import funkfix from '../config/funkfix.json' with { type: 'json' };
import { tenantSources } from './demo';
import { mainPagePath, TenantConfigError, tenants } from './index';
import { createTenantRegistry, parseTenantConfig } from './load';
import type { Theme } from './schema';

describe('demo tenants', () => {
  const registry = tenants();

  it('are the eleven of the demo matrix, each valid', () => {
    expect(registry.all.map((tenant) => tenant.shopId).sort()).toEqual(
      [
        'alpenfunk',
        'belwaarde',
        'blitzmobil',
        'callhome',
        'funkfix',
        'kartenkiosk',
        'ladeplatz',
        'rechargeplus',
        'tarifwerk',
        'topnet',
        'weltaufladen',
      ].sort(),
    );
  });

  it('put each main page at the route of its kind', () => {
    const routes = Object.fromEntries(registry.all.map((tenant) => [tenant.shopId, mainPagePath(tenant)]));
    expect(routes).toMatchObject({
      funkfix: '/shop/topup/funkfix',
      ladeplatz: '/shop',
      belwaarde: '/',
      topnet: '/shop/topup/topnet',
      callhome: '/',
    });
  });

  it('have the locales, currency and flags of the matrix', () => {
    const ladeplatz = registry.byId('ladeplatz');
    expect(ladeplatz?.locales).toEqual(['de', 'en', 'es', 'fr', 'it', 'pl', 'ro']);
    expect(registry.byId('topnet')?.currency).toBe('GBP');
    expect(registry.byId('callhome')?.currency).toBe('GBP');
    expect(registry.byId('belwaarde')?.locales).toEqual(['nl', 'en']);
    const authDisabled = registry.all
      .filter((tenant) => tenant.flags.isAuthDisabled)
      .map((tenant) => tenant.shopId);
    expect(authDisabled.sort()).toEqual(['callhome', 'tarifwerk']);
    const twoThemes = registry.all.filter((tenant) => tenant.themes.dark).map((tenant) => tenant.shopId);
    expect(twoThemes.sort()).toEqual(['belwaarde', 'blitzmobil', 'ladeplatz', 'rechargeplus']);
  });

  it('are found by their development host and their production domains', () => {
    expect(registry.byHost('funkfix.localhost:3000')?.shopId).toBe('funkfix');
    const belwaarde = registry.byId('belwaarde');
    expect(belwaarde && registry.byHost(belwaarde.domains[0] ?? '')?.shopId).toBe('belwaarde');
    expect(registry.byHost('localhost:3000')).toBeUndefined();
    expect(registry.byHost('nobody.localhost')).toBeUndefined();
  });

  it('compose their single-brand main pages differently, with art that exists', () => {
    const singleBrand = registry.all.filter((tenant) => tenant.mainPageKind === 'single-brand');
    const compositions = singleBrand.map(({ mainPage }) =>
      [mainPage.hero, mainPage.tileStyle, mainPage.trustPanel].join(' '),
    );
    expect(new Set(compositions).size).toBe(singleBrand.length);
    for (const tenant of singleBrand) {
      const art = tenant.mainPage.heroArt;
      if (!art) continue;
      const file = new URL(
        `../../../apps/storefront/public/assets/${tenant.assetsFolderName}/${art}`,
        import.meta.url,
      );
      expect(existsSync(file), `${tenant.shopId}: ${art}`).toBe(true);
    }
  });

  const pairs: [keyof Theme, keyof Theme, number][] = [
    ['text', 'background', AA_TEXT_CONTRAST],
    ['text', 'surface', AA_TEXT_CONTRAST],
    ['textMuted', 'background', AA_TEXT_CONTRAST],
    ['textMuted', 'surface', AA_TEXT_CONTRAST],
    ['link', 'background', AA_TEXT_CONTRAST],
    ['link', 'surface', AA_TEXT_CONTRAST],
    ['onPrimary', 'primary', AA_TEXT_CONTRAST],
    ['onHeader', 'headerBackground', AA_TEXT_CONTRAST],
    ['onFooter', 'footerBackground', AA_TEXT_CONTRAST],
    ['primary', 'background', AA_UI_CONTRAST],
  ];
  for (const tenant of registry.all) {
    for (const [name, theme] of Object.entries(tenant.themes)) {
      it(`${tenant.shopId} ${name} theme meets WCAG AA contrast`, () => {
        const failing = pairs
          .map(([fg, bg, minimum]) => ({
            pair: `${fg}/${bg}`,
            ratio: contrastRatio(theme[fg], theme[bg]),
            minimum,
          }))
          .filter(({ ratio, minimum }) => ratio < minimum);
        expect(failing).toEqual([]);
      });
    }
  }
});

describe('single sign-on', () => {
  it('is offered by blitzmobil and weltaufladen, whose identity provider is the sandbox', () => {
    const registry = createTenantRegistry(tenantSources, { sandboxUrl: 'http://127.0.0.1:4400/' });
    const offering = registry.all.filter((tenant) => tenant.sso).map((tenant) => tenant.shopId);
    expect(offering.sort()).toEqual(['blitzmobil', 'weltaufladen']);
    const blitzmobil = registry.byId('blitzmobil');
    expect(blitzmobil?.sso).toEqual({
      issuer: 'http://127.0.0.1:4400/idp/blitzmobil',
      jwksUrl: 'http://127.0.0.1:4400/idp/blitzmobil/jwks.json',
    });
    expect(blitzmobil?.variations.ssoLoginUrl).toBe('http://127.0.0.1:4400/idp/blitzmobil/authorize');
    expect(registry.all.filter((tenant) => tenant.variations.ssoLoginUrl)).toHaveLength(2);
  });

  it('reads {SANDBOX_URL} as http://localhost:4100 unless told otherwise, and keeps a tenant’s own URLs', () => {
    const weltaufladen = parseTenantConfig('weltaufladen', tenantSources.weltaufladen);
    expect(weltaufladen.sso?.issuer).toBe('http://localhost:4100/idp/weltaufladen');
    const own = {
      ...(tenantSources.weltaufladen as typeof funkfix),
      sso: { issuer: 'https://login.welt.example', jwksUrl: 'https://login.welt.example/keys' },
      variations: { ...funkfix.variations, ssoLoginUrl: 'https://login.welt.example/authorize' },
    };
    const parsed = parseTenantConfig('weltaufladen', own, { sandboxUrl: 'http://127.0.0.1:4400' });
    expect(parsed.sso).toEqual(own.sso);
    expect(parsed.variations.ssoLoginUrl).toBe('https://login.welt.example/authorize');
  });
});

describe('the device-id script', () => {
  it('is the sandbox’s stand-in for kartenkiosk and callhome, and no other tenant loads one', () => {
    const registry = createTenantRegistry(tenantSources, { sandboxUrl: 'http://127.0.0.1:4400/' });
    const switchedOn = registry.all.filter((tenant) => tenant.settings.deviceIDSwitch);
    expect(switchedOn.map((tenant) => [tenant.shopId, tenant.settings.deviceIDURL]).sort()).toEqual([
      ['callhome', 'http://127.0.0.1:4400/device-id/callhome.js'],
      ['kartenkiosk', 'http://127.0.0.1:4400/device-id/kartenkiosk.js'],
    ]);
    expect(registry.all.filter((tenant) => tenant.settings.deviceIDURL)).toHaveLength(2);
    expect(parseTenantConfig('kartenkiosk', tenantSources.kartenkiosk).settings.deviceIDURL).toBe(
      'http://localhost:4100/device-id/kartenkiosk.js',
    );
  });

  it('keeps a tenant’s own vendor URL, and is needed (over http or https) where the switch is on', () => {
    const kartenkiosk = tenantSources.kartenkiosk as typeof funkfix;
    const own = {
      ...kartenkiosk,
      settings: { ...kartenkiosk.settings, deviceIDURL: 'https://fraud.vendor.example/kk/device.js' },
    };
    expect(
      parseTenantConfig('kartenkiosk', own, { sandboxUrl: 'http://127.0.0.1:4400' }).settings,
    ).toMatchObject({
      deviceIDURL: 'https://fraud.vendor.example/kk/device.js',
    });
    const withoutUrl = { ...kartenkiosk.settings, deviceIDURL: undefined };
    expect(() => parseTenantConfig('kartenkiosk', { ...kartenkiosk, settings: withoutUrl })).toThrowError(
      /settings\.deviceIDURL: is needed with deviceIDSwitch/,
    );
    expect(() =>
      parseTenantConfig('kartenkiosk', {
        ...kartenkiosk,
        settings: { ...kartenkiosk.settings, deviceIDURL: 'javascript:alert(1)' },
      }),
    ).toThrowError(/settings\.deviceIDURL: must be an http\(s\) URL/);
  });
});

describe('a bad tenant config', () => {
  it('fails naming the tenant and every bad field', () => {
    const broken = {
      ...funkfix,
      currency: 'USD',
      themes: { light: { ...funkfix.themes.light, primary: 'blue' } },
    };
    expect(() => parseTenantConfig('funkfix', broken)).toThrowError(TenantConfigError);
    try {
      parseTenantConfig('funkfix', broken);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('tenant "funkfix"');
      expect(message).toContain('currency');
      expect(message).toContain('themes.light.primary');
    }
  });

  it('takes a main page composition of known values only, and defaults one left out', () => {
    const { mainPage: _, ...unstated } = funkfix;
    expect(parseTenantConfig('funkfix', unstated).mainPage).toEqual({
      hero: 'banner',
      tileStyle: 'outlined',
      trustPanel: 'below',
    });
    const refused = [
      { hero: 'carousel' },
      { tileStyle: 'round' },
      { trustPanel: 'top' },
      { heroArt: '../ladeplatz/logo.svg' },
      { heroArt: 'hero.png' },
      { background: 'red' },
    ];
    for (const mainPage of refused) {
      expect(() => parseTenantConfig('funkfix', { ...funkfix, mainPage })).toThrowError(/mainPage/);
    }
  });

  it('fails when the default locale is not among its locales', () => {
    expect(() => parseTenantConfig('funkfix', { ...funkfix, defaultLocale: 'en' })).toThrowError(
      /defaultLocale/,
    );
  });

  it('takes its own ceilings of one-time codes per number, within bounds and a day no lower than an hour', () => {
    const limited = parseTenantConfig('funkfix', {
      ...funkfix,
      abuseLimits: { otpPerNumberPerHour: 2, otpPerNumberPerDay: 4 },
    });
    expect(limited.abuseLimits).toEqual({ otpPerNumberPerHour: 2, otpPerNumberPerDay: 4 });
    expect(parseTenantConfig('funkfix', funkfix).abuseLimits).toEqual({});
    const refused = [
      { otpPerNumberPerHour: 0 },
      { otpPerNumberPerHour: 2.5 },
      { otpPerNumberPerDay: 51 },
      { otpPerNumberPerHour: 5, otpPerNumberPerDay: 3 },
      { otpPerClientPerHour: 5 },
    ];
    for (const abuseLimits of refused) {
      expect(() => parseTenantConfig('funkfix', { ...funkfix, abuseLimits })).toThrowError(/abuseLimits/);
    }
  });

  it('offers single sign-on only with both an identity provider and a login URL', () => {
    const blitzmobil = tenantSources.blitzmobil as typeof funkfix & { sso: object };
    const { sso: _, ...withoutProvider } = blitzmobil;
    expect(() => parseTenantConfig('blitzmobil', withoutProvider)).toThrowError(
      /tenant "blitzmobil"[\s\S]*sso/,
    );
    const withoutLoginPage = { ...funkfix, sso: blitzmobil.sso };
    expect(() => parseTenantConfig('funkfix', withoutLoginPage)).toThrowError(/variations\.ssoLoginUrl/);
    const unknownPlaceholder = {
      ...blitzmobil,
      sso: { issuer: '{IDP_URL}/blitzmobil', jwksUrl: 'https://login.example/jwks.json' },
    };
    expect(() => parseTenantConfig('blitzmobil', unknownPlaceholder)).toThrowError(/sso\.issuer/);
  });

  it('fails when a file name and its shop id differ, or two tenants claim one domain', () => {
    expect(() => createTenantRegistry({ other: funkfix })).toThrowError(/tenant "other"[\s\S]*shopId/);
    const twin = { ...(tenantSources.blitzmobil as object), domains: funkfix.domains };
    expect(() => createTenantRegistry({ funkfix, blitzmobil: twin })).toThrowError(
      /tenant "blitzmobil"[\s\S]*already served by "funkfix"/,
    );
  });
});

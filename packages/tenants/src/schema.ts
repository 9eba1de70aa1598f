import {
  COUNTRIES,
  LANGUAGES,
  MESSAGE_PROVIDERS,
  NAMESPACES,
  OPERATOR_PROVIDERS,
  PAYMENT_METHODS,
  PAYMENT_PROVIDERS,
  PROVIDER_METHODS,
} from '@shop/domain';
import { z } from 'zod';
import { isContentSlug } from './content-slugs';

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #rrggbb');
const email = z.email();
const url = z.url();

const minorUnits = z.number().int().positive();
const environmentVariable = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]*$/, 'an environment variable name, as STRIPE_SECRET_KEY');
const DEFAULT_CART_LIMITS = {
  perProductFaceValue: 25_000,
  perProductCount: 10,
  totalFaceValue: 50_000,
  totalCount: 20,
};

export const FLAGS = [
  'hasMultipleBrands',
  'isAuthDisabled',
  'skipCartPageCheckout',
  'europeanDateFormat',
  'hasMobileAppFlow',
  'allowPromoCodes',
  'hasVouchers',
  'isHouseNumberOptional',
  'hasAddressCountrySelection',
  'hasDetailedSuccessPage',
  'isPhoneRegistrationAllowed',
  'autoTopupLightEnabled',
] as const;
export type TenantFlag = (typeof FLAGS)[number];

export const CARD_BRANDS = ['mastercard', 'visa', 'american-express'] as const;
export { COUNTRIES, PAYMENT_METHODS };
export const AUTO_TOPUP_TYPES = ['LOW_BALANCE', 'WEEKLY', 'MONTHLY', 'TARIFF'] as const;
/** Fonts the storefront ships (self-hosted, nothing fetched from the internet). */
export const FONTS = ['inter', 'nunito', 'source-sans-3', 'dm-sans'] as const;

/** Colours of one theme; every text/background pair must meet WCAG 2.2 AA contrast. */
export const themeSchema = z.strictObject({
  background: hexColour,
  surface: hexColour,
  text: hexColour,
  textMuted: hexColour,
  primary: hexColour,
  onPrimary: hexColour,
  link: hexColour,
  border: hexColour,
  headerBackground: hexColour,
  onHeader: hexColour,
  footerBackground: hexColour,
  onFooter: hexColour,
});
export type Theme = z.infer<typeof themeSchema>;

/**
 * How a single-brand main page is composed (decision 0031); every part has a default, so a tenant
 * states only what differs and the page keeps one layout for tenants that state nothing.
 */
export const mainPageSchema = z
  .strictObject({
    /**
     * split: headline and art beside the form; banner: a full-width band above form and panels;
     * compact: a one-line headline, the form straight below it.
     */
    hero: z.enum(['split', 'banner', 'compact']).default('banner'),
    /** Amount tiles: filled (tinted, solid when chosen), outlined (frame only), pill (rounded, in a row). */
    tileStyle: z.enum(['filled', 'outlined', 'pill']).default('outlined'),
    /** Trust points: side (in the column beside the form), below (cards under it), strip (one slim bar). */
    trustPanel: z.enum(['side', 'below', 'strip']).default('below'),
    /** An SVG in the tenant's assets folder (e.g. "hero.svg"), drawn at 360 × 240; none shows no art. */
    heroArt: z
      .string()
      .regex(/^[a-z0-9-]+\.svg$/, "an SVG file name in the tenant's assets folder")
      .optional(),
  })
  .prefault({});
export type MainPageComposition = z.infer<typeof mainPageSchema>;

const flagsSchema = z.strictObject(
  Object.fromEntries(FLAGS.map((flag) => [flag, z.boolean()])) as Record<TenantFlag, z.ZodBoolean>,
);

const translationOverridesSchema = z.partialRecord(
  z.enum(LANGUAGES),
  z.partialRecord(z.enum(NAMESPACES), z.record(z.string(), z.string())),
);

export const tenantConfigSchema = z
  .strictObject({
    shopId: z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and dashes'),
    providerName: z.string().min(1),
    shortName: z.string().min(1),
    /** Short display domain, e.g. "funkfix.de". */
    domain: z.string().min(1),
    /** Production host names that serve this tenant's shop. */
    domains: z.array(z.string().min(1)).min(1),
    country: z.enum(COUNTRIES),
    locales: z.array(z.enum(LANGUAGES)).min(1),
    defaultLocale: z.enum(LANGUAGES),
    currency: z.enum(['EUR', 'GBP']),
    /** Where the main page lives: single brand at /shop/topup/{shopId}, multi brand at /shop, single shop at /. */
    mainPageKind: z.enum(['single-brand', 'multi-brand', 'single-shop']),
    /** Layout of the single-brand main page; ignored by the other kinds. */
    mainPage: mainPageSchema,
    supportEmail: email,
    helpDesk: z.strictObject({ email, productId: z.string().min(1) }),
    // The measurement ids go into script addresses (decision 0047): nothing but what each tool issues.
    tagManagerId: z
      .string()
      .regex(/^GTM-[A-Z0-9]{4,12}$/)
      .optional(),
    hotjarId: z
      .string()
      .regex(/^\d{4,10}$/)
      .optional(),
    xtremepushId: z
      .string()
      .regex(/^[a-z0-9-]{4,40}$/)
      .optional(),
    /** The analytics measurement id `GET /api/statistics/params` answers (decision 0047). */
    measurementId: z
      .string()
      .regex(/^G-[A-Z0-9]{4,16}$/)
      .optional(),
    favicon: z.string().min(1),
    assetsFolderName: z.string().regex(/^[a-z0-9-]+$/),
    phoneCountryCodes: z.array(z.enum(COUNTRIES)).min(1),
    smsShortNumber: z
      .string()
      .regex(/^\d{3,8}$/)
      .optional(),
    topup: z.strictObject({
      options: z.strictObject({
        /** Sets of automatic top-up types a shopper may choose between; empty when none is offered. */
        allowedTypes: z.array(z.array(z.enum(AUTO_TOPUP_TYPES)).min(1)),
        pauseAllowed: z.boolean(),
        smsTopup: z.boolean(),
      }),
      /** Minor units: one fixed limit, a choice of limits, "custom" (shopper enters one), or none. */
      lowBalanceLimit: z.union([
        z.number().int().positive(),
        z.array(z.number().int().positive()).min(2),
        z.literal('custom'),
        z.null(),
      ]),
      amountPlaceholders: z.array(z.number().int().positive()).optional(),
    }),
    /** Landing pages at `/{slug}`, each with its image and a Markdown text per language (decision 0044). */
    advertisementPages: z.array(
      z.strictObject({
        slug: z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and dashes'),
        image: z.string().startsWith('/'),
      }),
    ),
    themes: z.strictObject({ light: themeSchema, dark: themeSchema.optional() }),
    fontFaces: z.strictObject({ body: z.enum(FONTS), heading: z.enum(FONTS) }),
    paymentMethods: z.array(z.enum(PAYMENT_METHODS)).min(1),
    /**
     * The tenant's identity provider for single sign-on (decision 0035): who signs the assertions
     * (`issuer`) and where its public keys are (`jwksUrl`). Present exactly when
     * `variations.ssoLoginUrl` is; `{SANDBOX_URL}` at the start of either stands for the sandbox.
     */
    sso: z.strictObject({ issuer: url, jwksUrl: url }).optional(),
    /**
     * The tenant's payment providers (decision 0068): which one collects each method, and its
     * accounts. Keys stay in the environment; the config names the variables that hold them.
     */
    paymentProvider: z
      .strictObject({
        /** The tenant's account at the sandbox provider; defaults to the shop id. */
        merchantAccount: z.string().min(1).optional(),
        /** The provider of each method named here; every other method goes to the sandbox provider. */
        methods: z.partialRecord(z.enum(PAYMENT_METHODS), z.enum(PAYMENT_PROVIDERS)).prefault({}),
        /** The tenant's Stripe account: the environment variables of its secret key and webhook signing secret. */
        stripe: z
          .strictObject({
            secretKeyVariable: environmentVariable,
            webhookSecretVariable: environmentVariable,
          })
          .optional(),
      })
      .prefault({}),
    /**
     * Where the tenant's top-ups and number look-ups go (decision 0070): the sandbox operator, or
     * DT One's DVS API with the environment variables of its API key and secret. Products are
     * matched to DT One's through the tenant's mapping table in the database.
     */
    operatorProvider: z
      .strictObject({
        name: z.enum(OPERATOR_PROVIDERS).default('sandbox'),
        dtone: z
          .strictObject({ apiKeyVariable: environmentVariable, apiSecretVariable: environmentVariable })
          .optional(),
      })
      .prefault({})
      .refine((provider) => provider.name !== 'dtone' || provider.dtone, {
        message: 'a DT One account (operatorProvider.dtone) is needed when operatorProvider.name is dtone',
        path: ['dtone'],
      }),
    /**
     * The gateway of the tenant's SMS and WhatsApp messages (decision 0069), and its account: the
     * environment variables that hold the credentials, never the credentials.
     */
    messageProvider: z
      .strictObject({
        name: z.enum(MESSAGE_PROVIDERS).default('sandbox'),
        twilio: z
          .strictObject({
            accountSidVariable: environmentVariable,
            authTokenVariable: environmentVariable,
            /** The SMS sender: a number of the account or an alphanumeric sender id; default `shortName`. */
            smsFrom: z
              .string()
              .regex(/^(\+\d{6,15}|[A-Za-z0-9 ]{1,11})$/, 'a number as +43… or up to 11 letters and digits')
              .optional(),
            /** The WhatsApp sender number; none: WhatsApp messages go as SMS. */
            whatsappFrom: z
              .string()
              .regex(/^\+\d{6,15}$/, 'a number as +43…')
              .optional(),
          })
          .optional(),
      })
      .prefault({})
      .refine((provider) => provider.name !== 'twilio' || provider.twilio, {
        message: 'a Twilio account (messageProvider.twilio) is needed when messageProvider.name is twilio',
        path: ['twilio'],
      }),
    footer: z.strictObject({
      socialLinks: z.array(
        z.strictObject({ network: z.enum(['facebook', 'instagram', 'x', 'youtube', 'tiktok']), url }),
      ),
      appStoreLinks: z.array(z.strictObject({ store: z.enum(['apple', 'google']), url })),
      /** Payment method icons shown in the footer. */
      paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
    }),
    /**
     * The company behind the shop, as its imprint, privacy notice and terms name it (decision 0044).
     * Its e-mail address is `supportEmail`.
     */
    company: z.strictObject({
      /** The name as registered, legal form included: "FunkFix Mobile GmbH". */
      legalName: z.string().min(1),
      legalForm: z.string().min(1),
      street: z.string().min(1),
      postcode: z.string().min(1),
      city: z.string().min(1),
      country: z.enum(COUNTRIES),
      /** The register and the number in it: a court's commercial register, or Companies House. */
      register: z.strictObject({ court: z.string().min(1), number: z.string().min(1) }),
      vatId: z.string().regex(/^[A-Z]{2}[0-9A-Z]{8,12}$/, 'a VAT id such as DE123456789'),
      /** Managing directors or other people who represent the company. */
      representatives: z.array(z.string().min(1)).min(1),
      phone: z.string().regex(/^\+\d[\d ]{6,18}$/, 'an international number such as +49 30 1234567'),
      /** The data protection authority a shopper may complain to: name and postal address. */
      dataProtectionAuthority: z.string().min(1),
    }),
    acceptedCardBrands: z.array(z.enum(CARD_BRANDS)).min(1),
    /** Brand id → route of that brand's shop page. */
    brandRoutes: z.record(z.string(), z.string().startsWith('/')),
    flags: flagsSchema,
    settings: z.strictObject({
      iFrameCreditCard: z.boolean(),
      payPalIframeEnabledOnceOff: z.boolean(),
      payPalIframeEnabledAutomatic: z.boolean(),
      /** Load the fraud-prevention vendor's device-id script on the checkout pages (decision 0049). */
      deviceIDSwitch: z.boolean(),
      /** That script; `{SANDBOX_URL}` at its start stands for the sandbox (the demo tenants' stand-in). */
      deviceIDURL: url.optional(),
      /** Send the device id with checkout-address, start-payment and the commit. */
      shouldSendDeviceID: z.boolean(),
      /** Spec §5: numbers go to the app and the operator without their leading + (decision 0051). */
      stripLeadingPlus: z.boolean().default(false),
    }),
    variations: z.strictObject({
      /** External site the logo links to instead of the main page. */
      logoLinkUrl: url.optional(),
      hideShopLink: z.boolean(),
      hasBlog: z.boolean(),
      hasCategoryMenu: z.boolean(),
      notFoundVariant: z.enum(['standard', 'illustrated']),
      hasDetailedCart: z.boolean(),
      hasScrollToTop: z.boolean(),
      hideImprint: z.boolean(),
      hideCustomerSupport: z.boolean(),
      /** The identity provider's login page; the shop adds `redirect_uri` and `state` to it. */
      ssoLoginUrl: url.optional(),
      voucherDeliveryChannels: z.array(z.enum(['email', 'sms', 'whatsapp'])).min(1),
      /** Where the app wants its shoppers back: `{returnUrl}?orderNumber=…&outcome=…` (decision 0050). */
      mobileAppDeepLink: z
        .string()
        .regex(/^[a-z][a-z0-9+.-]*:\/\/\S+$/, 'an app link such as callhome://shop/result')
        .optional(),
      /** Further return addresses an entry link may name, the app simulator's for instance. */
      mobileAppReturnUrls: z.array(url).default([]),
    }),
    /** Cart rules; every part has a default, so a tenant states only what differs. */
    cart: z
      .strictObject({
        /** Minor units; undefined means no limit. */
        limits: z
          .strictObject({
            perProductFaceValue: minorUnits.optional(),
            perProductCount: z.number().int().positive().optional(),
            totalFaceValue: minorUnits.optional(),
            totalCount: z.number().int().positive().optional(),
          })
          .default(DEFAULT_CART_LIMITS),
        serviceFees: z
          .strictObject({ perItem: z.number().int().min(0), perCart: z.number().int().min(0) })
          .default({ perItem: 0, perCart: 0 }),
        /** A cart untouched this long expires. */
        idleMinutes: z.number().int().positive().default(120),
        allowMultiplePromoCodes: z.boolean().default(false),
      })
      .prefault({}),
    /** One-time codes by SMS per number, where the tenant wants other ceilings than the API's (decision 0015). */
    abuseLimits: z
      .strictObject({
        otpPerNumberPerHour: z.number().int().min(1).max(20).optional(),
        otpPerNumberPerDay: z.number().int().min(1).max(50).optional(),
      })
      .prefault({}),
    translations: translationOverridesSchema,
  })
  .superRefine((tenant, ctx) => {
    for (const [method, provider] of Object.entries(tenant.paymentProvider.methods)) {
      const path = ['paymentProvider', 'methods', method];
      if (!(PROVIDER_METHODS[provider].collects as readonly string[]).includes(method)) {
        ctx.addIssue({ code: 'custom', path, message: `${provider} does not collect ${method}` });
      }
      if (provider === 'stripe' && !tenant.paymentProvider.stripe) {
        ctx.addIssue({
          code: 'custom',
          path,
          message: 'needs paymentProvider.stripe, the account to collect with',
        });
      }
    }
    if (!tenant.locales.includes(tenant.defaultLocale)) {
      ctx.addIssue({
        code: 'custom',
        path: ['defaultLocale'],
        message: `must be one of the tenant's locales (${tenant.locales.join(', ')})`,
      });
    }
    for (const language of Object.keys(tenant.translations)) {
      if (!tenant.locales.includes(language as never)) {
        ctx.addIssue({
          code: 'custom',
          path: ['translations', language],
          message: 'overrides a language the tenant does not offer',
        });
      }
    }
    const { otpPerNumberPerHour, otpPerNumberPerDay } = tenant.abuseLimits;
    if (otpPerNumberPerHour && otpPerNumberPerDay && otpPerNumberPerDay < otpPerNumberPerHour) {
      ctx.addIssue({
        code: 'custom',
        path: ['abuseLimits', 'otpPerNumberPerDay'],
        message: 'must be at least otpPerNumberPerHour',
      });
    }
    for (const [index, page] of tenant.advertisementPages.entries()) {
      if (isContentSlug(page.slug)) {
        ctx.addIssue({
          code: 'custom',
          path: ['advertisementPages', index, 'slug'],
          message: 'is the slug of a content page',
        });
      }
    }
    if (Boolean(tenant.sso) !== Boolean(tenant.variations.ssoLoginUrl)) {
      ctx.addIssue({
        code: 'custom',
        path: tenant.sso ? ['variations', 'ssoLoginUrl'] : ['sso'],
        message: 'single sign-on needs both sso (issuer, jwksUrl) and variations.ssoLoginUrl',
      });
    }
    if (tenant.flags.hasMobileAppFlow && !tenant.variations.mobileAppDeepLink) {
      ctx.addIssue({
        code: 'custom',
        path: ['variations', 'mobileAppDeepLink'],
        message: 'the mobile-app flow needs the app link to hand shoppers back',
      });
    }
    if (tenant.variations.mobileAppDeepLink && !tenant.flags.hasMobileAppFlow) {
      ctx.addIssue({
        code: 'custom',
        path: ['variations', 'mobileAppDeepLink'],
        message: 'is only used with the hasMobileAppFlow flag',
      });
    }
    const { deviceIDSwitch, deviceIDURL } = tenant.settings;
    if (deviceIDSwitch && !deviceIDURL) {
      ctx.addIssue({
        code: 'custom',
        path: ['settings', 'deviceIDURL'],
        message: 'is needed with deviceIDSwitch: the device-id script the checkout pages load',
      });
    }
    if (deviceIDURL && !/^https?:$/.test(new URL(deviceIDURL).protocol)) {
      ctx.addIssue({ code: 'custom', path: ['settings', 'deviceIDURL'], message: 'must be an http(s) URL' });
    }
  });

export type TenantConfig = z.infer<typeof tenantConfigSchema>;

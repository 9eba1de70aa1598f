import {
  ERROR_CATALOGUE,
  ERROR_MESSAGE_KEYS,
  LANGUAGES,
  NAMESPACES,
  SUCCESS_MESSAGE_KEYS,
} from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { tenants } from './index';
import { baseTranslations, tenantTranslations } from './translations';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

/** Names that are the same in every language: brands, and a word every language borrowed. */
const SAME_IN_EVERY_LANGUAGE = [
  'blog',
  'paymentMethod_paypal',
  'paymentMethod_ideal',
  'paymentMethod_applepay',
];
/** Words a language writes as English does ("Shop" in German, "Menu" in Dutch). */
const SAME_AS_IN_ENGLISH: Partial<Record<string, string[]>> = {
  de: ['shopLink', 'category_gaming'],
  fr: ['menu'],
  it: ['menu', 'kind_VOUCHER', 'passwordLabel'],
  nl: ['menu', 'contact', 'category_entertainment', 'addressPostcodeLabel'],
  pl: ['menu', 'kind_VOUCHER'],
  ro: ['contact', 'kind_VOUCHER'],
};

describe('base translations', () => {
  const english = baseTranslations.en;

  for (const language of LANGUAGES) {
    for (const namespace of NAMESPACES) {
      it(`${language}/${namespace} has exactly the English keys, with the same placeholders`, () => {
        const texts = baseTranslations[language][namespace];
        expect(Object.keys(texts).sort()).toEqual(Object.keys(english[namespace]).sort());
        for (const [key, text] of Object.entries(texts)) {
          expect(text.trim(), `${language}/${namespace}/${key}`).not.toBe('');
          expect(placeholders(text), `${language}/${namespace}/${key}`).toEqual(
            placeholders(english[namespace][key] ?? ''),
          );
        }
      });
    }
  }

  it('cover every message key of spec §8, the success messages among them', () => {
    for (const key of [
      ...ERROR_MESSAGE_KEYS,
      ...SUCCESS_MESSAGE_KEYS,
      'startPaymentErrorMessage',
      'paymentRefunded',
    ]) {
      expect(english.common, key).toHaveProperty(key);
    }
  });

  it('have the text of every code of the error catalogue, in every language', () => {
    for (const language of LANGUAGES) {
      const common = baseTranslations[language].common;
      for (const [code, { messageKey }] of Object.entries(ERROR_CATALOGUE)) {
        expect(common[messageKey]?.trim(), `${language}: ${code} → ${messageKey}`).toBeTruthy();
      }
    }
  });

  it('are real translations, not copies of English', () => {
    for (const language of LANGUAGES.filter((code) => code !== 'en')) {
      const common = baseTranslations[language].common;
      const copied = Object.keys(common).filter((key) => common[key] === english.common[key]);
      const allowed = [...SAME_IN_EVERY_LANGUAGE, ...(SAME_AS_IN_ENGLISH[language] ?? [])];
      expect(
        copied.filter((key) => !allowed.includes(key)),
        language,
      ).toEqual([]);
    }
  });
});

describe('tenantTranslations', () => {
  it("overlays the tenant's overrides on the base texts", () => {
    const funkfix = tenants().byId('funkfix');
    if (!funkfix) throw new Error('funkfix missing');
    const texts = tenantTranslations(funkfix, 'de', 'common');
    expect(texts.singleBrandHeadline).toBe(funkfix.translations.de?.common?.singleBrandHeadline);
    expect(texts.generalErrorMessage).toBe(baseTranslations.de.common.generalErrorMessage);
  });

  it('only overrides keys that exist in the base texts', () => {
    for (const tenant of tenants().all) {
      for (const [language, namespaces] of Object.entries(tenant.translations)) {
        for (const [namespace, overrides] of Object.entries(namespaces ?? {})) {
          for (const key of Object.keys(overrides ?? {})) {
            expect(
              baseTranslations.en[namespace as 'common'],
              `${tenant.shopId}/${language}/${namespace}`,
            ).toHaveProperty(key);
          }
        }
      }
    }
  });
});

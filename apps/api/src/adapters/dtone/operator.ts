import { brandIdOfName, countryOfNumber } from '@shop/domain';
import { z } from 'zod';
import { createHttpClient, type HttpAnswer } from '../http';
import { type Operator, OperatorUnavailableError, type TopupOutcome } from '../operator';
import { type DtoneTransaction, outcomeOf, transactionSchema } from './statuses';

/** A tenant's DT One account: the API key and secret of its DVS account. */
export interface DtoneAccount {
  apiKey: string;
  apiSecret: string;
}

/** How our catalogue meets DT One's: the tenant's mapping table (decision 0070). */
export interface DtoneCatalogue {
  /** The DT One product our product is sold as; undefined when it is not mapped. */
  productOf(productId: string): Promise<{ dtoneProductId: number; ranged: boolean } | undefined>;
  /** The brand a DT One operator is to the shop; undefined for an operator it does not sell. */
  brandOf(operatorId: number): Promise<{ brandId: string; brandName: string } | undefined>;
}

export interface DtoneOperatorOptions extends DtoneAccount {
  /** Where DT One's API is: `https://dvs-api.dtone.com`, or the sandbox's stand-in. */
  apiUrl: string;
  catalogue: DtoneCatalogue;
  /** Where DT One calls back when a transaction ends. */
  callbackUrl: string;
  timeoutMs?: number;
  retries?: number;
  backoffMs?: readonly number[];
}

/** DT One's code for an `external_id` it has seen: the top-up exists already. */
const EXTERNAL_ID_USED = 1007001;

const errorsSchema = z.object({
  errors: z.array(z.object({ code: z.number(), message: z.string() })).min(1),
});
const lookupSchema = z.array(
  z.object({
    id: z.number(),
    name: z.string(),
    identified: z.boolean(),
    country: z.object({ iso_code: z.string() }),
  }),
);

/** DT One names countries by ISO alpha-3; the shop by alpha-2 (of its countries). */
const ALPHA_2: Readonly<Record<string, string>> = {
  AUT: 'at',
  BEL: 'be',
  DEU: 'de',
  FRA: 'fr',
  GBR: 'gb',
  NLD: 'nl',
};
const alpha2Of = (alpha3: string) => ALPHA_2[alpha3] ?? alpha3.slice(0, 2).toLowerCase();

/** Minor units as DT One's major units (both of our currencies have two decimals). */
const majorUnits = (minor: number) => Math.round(minor) / 100;

/**
 * DT One's DVS API as the operator port (decision 0070): the number's operator from its look-up,
 * top-ups as asynchronous transactions with our unit's reference as `external_id` (a repeat is
 * refused by DT One and read back, never sent twice), their states by class, and the end of each
 * reported to `callbackUrl`. DT One issues no PINs and redeems no cash codes for the shop.
 */
export function createDtoneOperator(options: DtoneOperatorOptions): Operator {
  const { apiUrl, apiKey, apiSecret, catalogue, callbackUrl } = options;
  const client = createHttpClient(
    {
      baseUrl: apiUrl,
      timeoutMs: options.timeoutMs ?? 5000,
      retries: options.retries ?? 2,
      backoffMs: options.backoffMs ?? [200, 1000],
    },
    (message, attempts, cause) =>
      new OperatorUnavailableError(`DT One failed: ${message}`, attempts, { cause }),
  );
  const authorization = `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`;
  const send = (method: string, path: string, body?: unknown) =>
    client.send(method, path, { headers: { authorization }, ...(body === undefined ? {} : { body }) });

  const unexpected = (what: string, answer: HttpAnswer) =>
    new OperatorUnavailableError(`DT One answered ${what} unexpectedly (${answer.status})`, answer.attempts);

  /** DT One's first error code of a refusal. */
  const codeOf = (answer: HttpAnswer) => errorsSchema.safeParse(answer.body).data?.errors[0]?.code;

  function transactionOf(what: string, answer: HttpAnswer): DtoneTransaction {
    const parsed = transactionSchema.safeParse(answer.body);
    if (!parsed.success) throw unexpected(what, answer);
    return parsed.data;
  }

  async function transactionByReference(reference: string): Promise<DtoneTransaction | undefined> {
    const answer = await send('GET', `/v1/transactions?external_id=${encodeURIComponent(reference)}`);
    if (answer.status !== 200) throw unexpected('a transaction search', answer);
    const found = z.array(transactionSchema).safeParse(answer.body);
    if (!found.success) throw unexpected('a transaction search', answer);
    return found.data[0];
  }

  return {
    async lookup(msisdn) {
      const answer = await send('POST', '/v1/lookup/mobile-number', { mobile_number: msisdn });
      if (answer.status === 404 || answer.status === 400) return { found: false };
      const operators = lookupSchema.safeParse(answer.body);
      if (answer.status !== 200 || !operators.success) throw unexpected('a number look-up', answer);
      const identified = operators.data.find((operator) => operator.identified);
      if (!identified) return { found: false };
      const brand = await catalogue.brandOf(identified.id);
      return {
        found: true,
        msisdn,
        country: countryOfNumber(msisdn) ?? alpha2Of(identified.country.iso_code),
        // An operator the tenant does not sell is another brand, known by its name: the cart refuses its numbers.
        brandId: brand?.brandId ?? brandIdOfName(identified.name),
        brandName: brand?.brandName ?? identified.name,
      };
    },

    async topup({ reference, msisdn, amount, currency, productId }) {
      const product = await catalogue.productOf(productId);
      if (!product) return { status: 'FAILED', reason: 'PRODUCT_NOT_MAPPED' };
      const answer = await send('POST', '/v1/async/transactions', {
        external_id: reference,
        product_id: product.dtoneProductId,
        auto_confirm: true,
        credit_party_identifier: { mobile_number: msisdn },
        callback_url: callbackUrl,
        ...(product.ranged
          ? {
              calculation_mode: 'DESTINATION_AMOUNT',
              destination: { unit_type: 'CURRENCY', unit: currency, amount: majorUnits(amount) },
            }
          : {}),
      });
      if (answer.status === 200 || answer.status === 201 || answer.status === 202) {
        return outcomeOf(transactionOf('a top-up', answer));
      }
      const code = codeOf(answer);
      if (code === EXTERNAL_ID_USED) {
        // A repeat of ours (an answer lost to a time-out): the top-up is the one DT One has.
        const earlier = await transactionByReference(reference);
        if (!earlier) throw unexpected('a repeated top-up', answer);
        return outcomeOf(earlier);
      }
      if (answer.status === 401 || answer.status === 403 || answer.status === 429 || code === undefined) {
        throw unexpected('a top-up', answer);
      }
      // A refusal of this top-up (an unknown product, an amount out of range, …): nothing was credited.
      return { status: 'FAILED', reason: `DTONE_${code}` } satisfies TopupOutcome;
    },

    async topupStatus(reference) {
      const transaction = await transactionByReference(reference);
      return transaction ? outcomeOf(transaction) : undefined;
    },

    async issueVoucher() {
      return { ok: false, code: 'NOT_SUPPORTED' };
    },

    async redeemCashCode() {
      return { ok: false, code: 'NOT_SUPPORTED' };
    },
  };
}

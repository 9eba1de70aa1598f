'use client';

import { messageKeyFor, PAYMENT_TOKEN_LIMIT } from '@shop/domain';
import { createdPaymentTokenAnswerSchema, type PaymentToken } from '@shop/domain/contract';
import { useTranslations } from 'next-intl';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { goTo } from '../../lib/browser-cookies';
import { loginPath } from '../../lib/login-path';
import { callShopApi } from '../../lib/shop-api';
import { isSignedOut } from '../forms/refusal';
import { useHydrated } from '../forms/useHydrated';
import { PaymentMethodCard } from './PaymentMethodCard';
import { PaymentMethodDeleteDialog } from './PaymentMethodDeleteDialog';
import { PAYMENT_TOKENS_API, type PageMessage, type SavableMethod } from './payment-methods';

/** The query parameters a message arrives with; removed once shown, so a reload does not repeat it. */
const MESSAGE_PARAMETERS = ['message', 'error'];

/**
 * The saved methods and the way to add one, kept up to date in place as the shopper renames or
 * deletes; what happened is said at the top, where the message of a method just added also shows.
 */
export function PaymentMethods({
  tokens: initial,
  addable,
  arrival,
  here,
}: {
  tokens: PaymentToken[];
  /** The methods this shop lets the shopper save (creditcard, paypal, where its provider saves them). */
  addable: readonly SavableMethod[];
  /** The message the page was opened with (`?message=` or `?error=`). */
  arrival: PageMessage | undefined;
  /** This page, to come back to after signing in again. */
  here: string;
}) {
  const t = useTranslations('common');
  const hydrated = useHydrated();
  const listTitle = useId();
  const [tokens, setTokens] = useState(initial);
  const [message, setMessage] = useState(arrival);
  const [shown, setShown] = useState(0);
  const [deleting, setDeleting] = useState<{ token: PaymentToken; opener: RefObject<HTMLElement | null> }>();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const url = new URL(window.location.href);
    if (!MESSAGE_PARAMETERS.some((name) => url.searchParams.has(name))) return;
    for (const name of MESSAGE_PARAMETERS) url.searchParams.delete(name);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);

  function say(next: PageMessage) {
    setMessage(next);
    setShown((count) => count + 1);
  }

  /** A call the API refused, about the method `id` when it was about one. */
  function refused(status: number, code: string | undefined, id?: string) {
    setDeleting(undefined);
    if (isSignedOut(status, code)) {
      void goTo(loginPath(here));
      return;
    }
    // Deleted meanwhile (in another tab): it goes from the list too.
    if (code === 'UNKNOWN_PAYMENT_TOKEN_ID' && id) {
      setTokens((current) => current.filter((token) => token.id !== id));
    }
    say({ kind: 'error', messageKey: messageKeyFor(code) });
  }

  const replace = (changed: PaymentToken) =>
    setTokens((current) => current.map((token) => (token.id === changed.id ? changed : token)));

  return (
    <>
      <div className="payment-methods__messages">
        <div role="status">
          {message?.kind === 'success' && (
            <p key={shown} className="payment-methods__message" data-testid="payment-methods-message">
              {t(message.messageKey)}
            </p>
          )}
        </div>
        <div role="alert">
          {message?.kind === 'error' && (
            <p
              key={shown}
              className="payment-methods__message payment-methods__message--error"
              data-testid="payment-methods-error"
            >
              {t(message.messageKey)}
            </p>
          )}
        </div>
      </div>
      <div className="payment-methods">
        <section className="card account-panel" aria-labelledby={listTitle}>
          <div className="payment-methods__header">
            <h2 id={listTitle} ref={heading} tabIndex={-1}>
              {t('paymentMethodsSavedTitle')}
            </h2>
            {tokens.length > 0 && (
              <p className="payment-methods__count" data-testid="payment-methods-count">
                {t('paymentMethodsCount', { count: tokens.length, max: PAYMENT_TOKEN_LIMIT })}
              </p>
            )}
          </div>
          {tokens.length > 0 ? (
            <ul className="payment-method-list" data-testid="payment-methods">
              {tokens.map((token) => (
                <PaymentMethodCard
                  key={token.id}
                  token={token}
                  hydrated={hydrated}
                  onRenamed={(renamed) => {
                    replace(renamed);
                    say({ kind: 'success', messageKey: 'successfulModification' });
                  }}
                  onDelete={(chosen, opener) => setDeleting({ token: chosen, opener })}
                  onRefused={(status, code) => refused(status, code, token.id)}
                />
              ))}
            </ul>
          ) : (
            <div className="account-empty payment-methods__empty" data-testid="payment-methods-empty">
              {/* biome-ignore lint/performance/noImgElement: payment icons are small SVGs */}
              <img src="/payment-methods/creditcard.svg" alt="" width={48} height={32} />
              <p className="payment-methods__empty-title">{t('paymentMethodsEmpty')}</p>
              <p>{t('paymentMethodsEmptyHint')}</p>
            </div>
          )}
        </section>
        {addable.length > 0 && (
          <AddPaymentMethod
            methods={addable}
            full={tokens.length >= PAYMENT_TOKEN_LIMIT}
            hydrated={hydrated}
            onRefused={refused}
          />
        )}
      </div>
      {deleting && (
        <PaymentMethodDeleteDialog
          token={deleting.token}
          returnFocusTo={deleting.opener}
          onClose={() => setDeleting(undefined)}
          onInUse={() => replace({ ...deleting.token, inUse: true })}
          onRefused={(status, code) => refused(status, code, deleting.token.id)}
          onDeleted={() => {
            const gone = deleting.token.id;
            setDeleting(undefined);
            setTokens((current) => current.filter((token) => token.id !== gone));
            say({ kind: 'success', messageKey: 'successfulDelete' });
            requestAnimationFrame(() => heading.current?.focus());
          }}
        />
      )}
    </>
  );
}

/**
 * A button per method the shop lets the shopper save: the API opens the request and the browser
 * goes to the provider's page, which sends the shopper back to the confirm step. Beyond the
 * limit the buttons say why they do nothing.
 */
function AddPaymentMethod({
  methods,
  full,
  hydrated,
  onRefused,
}: {
  methods: readonly SavableMethod[];
  full: boolean;
  hydrated: boolean;
  onRefused: (status: number, code: string | undefined) => void;
}) {
  const t = useTranslations('common');
  const id = useId();
  const [leaving, setLeaving] = useState<SavableMethod>();

  async function add(method: SavableMethod) {
    if (leaving || full) return;
    setLeaving(method);
    const result = await callShopApi(PAYMENT_TOKENS_API.create, createdPaymentTokenAnswerSchema, {
      method: 'POST',
      body: JSON.stringify({ paymentMethod: method }),
    });
    if (result.ok) {
      window.location.assign(result.data.payerUrl);
      return;
    }
    setLeaving(undefined);
    onRefused(result.status, result.code);
  }

  return (
    <section className="card account-panel payment-methods__add" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('paymentMethodsAddTitle')}</h2>
      <p>{t('paymentMethodsAddText')}</p>
      <div className="payment-methods__add-actions">
        {methods.map((method) => (
          <button
            key={method}
            type="button"
            className="payment-methods__add-button"
            disabled={!hydrated}
            aria-disabled={full || undefined}
            aria-describedby={full ? `${id}-full` : undefined}
            aria-busy={leaving === method || undefined}
            onClick={() => add(method)}
          >
            {/* biome-ignore lint/performance/noImgElement: payment icons are small SVGs */}
            <img src={`/payment-methods/${method}.svg`} alt="" width={48} height={32} />
            <span>{t(method === 'paypal' ? 'paymentMethodsAddPaypal' : 'paymentMethodsAddCard')}</span>
          </button>
        ))}
      </div>
      {full && (
        <p className="payment-methods__full" id={`${id}-full`}>
          {t('paymentTokenLimitIsReached')} {t('paymentMethodsLimitHint')}
        </p>
      )}
      <p className="payment-methods__leaving" role="status">
        {leaving && t('paymentMethodsLeaving')}
      </p>
    </section>
  );
}

'use client';

import { PAYMENT_TOKEN_NAME_MAX_LENGTH } from '@shop/domain';
import { type PaymentToken, paymentTokenSchema } from '@shop/domain/contract';
import { useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { callShopApi } from '../../lib/shop-api';
import { fieldIds } from '../forms/field-ids';
import { TextField } from '../forms/TextField';
import { nameProblem, PAYMENT_TOKENS_API } from './payment-methods';

type RenameStatus = { kind: 'idle' } | { kind: 'saving' } | { kind: 'invalid'; messageKey: string };

/** The name as a text box in place, with its rule, saved by the API; Escape or Cancel keeps the old one. */
export function PaymentMethodRenameForm({
  token,
  onDone,
  onRefused,
}: {
  token: PaymentToken;
  /** With the renamed method, or undefined when the shopper cancelled. */
  onDone: (renamed: PaymentToken | undefined) => void;
  /** A call the API refused, for the page to say so (or to sign in again). */
  onRefused: (status: number, code: string | undefined) => void;
}) {
  const t = useTranslations('common');
  const form = useId();
  const [name, setName] = useState(token.name);
  const [status, setStatus] = useState<RenameStatus>({ kind: 'idle' });

  useEffect(() => {
    const input = document.getElementById(fieldIds(form, 'name').input);
    if (input instanceof HTMLInputElement) {
      input.focus();
      input.select();
    }
  }, [form]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (status.kind === 'saving') return;
    const problem = nameProblem(name);
    if (problem) {
      setStatus({ kind: 'invalid', messageKey: problem });
      document.getElementById(fieldIds(form, 'name').input)?.focus();
      return;
    }
    if (name.trim() === token.name) {
      onDone(undefined);
      return;
    }
    setStatus({ kind: 'saving' });
    const result = await callShopApi(PAYMENT_TOKENS_API.update, paymentTokenSchema, {
      method: 'PUT',
      body: JSON.stringify({ paymentTokenId: token.paymentTokenId, name: name.trim() }),
    });
    if (result.ok) {
      onDone(result.data);
      return;
    }
    setStatus({ kind: 'idle' });
    onRefused(result.status, result.code);
  }

  return (
    <form
      className="payment-method__rename"
      onSubmit={submit}
      noValidate
      aria-busy={status.kind === 'saving'}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onDone(undefined);
        }
      }}
    >
      <TextField
        form={form}
        name="name"
        label={t('paymentMethodNameLabel')}
        hint={t('paymentMethodNameHint', { max: PAYMENT_TOKEN_NAME_MAX_LENGTH })}
        value={name}
        onChange={(value) => {
          setName(value);
          if (status.kind === 'invalid' && !nameProblem(value)) setStatus({ kind: 'idle' });
        }}
        autoComplete="off"
        maxLength={PAYMENT_TOKEN_NAME_MAX_LENGTH}
        required
        error={
          status.kind === 'invalid' ? t(status.messageKey, { max: PAYMENT_TOKEN_NAME_MAX_LENGTH }) : undefined
        }
      />
      <div className="payment-method__rename-actions">
        <button type="submit" className="button">
          {status.kind === 'saving' ? t('profileSaving') : t('paymentMethodSaveName')}
        </button>
        <button type="button" className="link-button" onClick={() => onDone(undefined)}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

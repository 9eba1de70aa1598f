'use client';

import { PASSWORD_MIN_LENGTH } from '@shop/domain';
import { useTranslations } from 'next-intl';
import { type RefObject, useId } from 'react';
import { PasswordField } from '../forms/PasswordField';

export interface CheckoutAccountProps {
  /**
   * The cart sets up an automatic top-up, which lives in an account: the guest opens one (or
   * signs in) and is told why; otherwise opening one is a choice.
   */
  required: boolean;
  createAccount: boolean;
  onCreateAccountChange: (checked: boolean) => void;
  password: string;
  onPasswordChange: (password: string) => void;
  error: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
  /** The sign-in page, coming back to the payment page. */
  signInPath: string;
}

/** Spec §6: a guest opens an account with the receipt's e-mail address and a password while paying. */
export function CheckoutAccount(props: CheckoutAccountProps) {
  const t = useTranslations('common');
  const whyId = useId();
  const password = (
    <PasswordField
      label={t('accountPasswordLabel')}
      autoComplete="new-password"
      hint={t('passwordRule', { min: PASSWORD_MIN_LENGTH })}
      value={props.password}
      onChange={props.onPasswordChange}
      error={props.error}
      inputRef={props.inputRef}
    />
  );
  if (props.required) {
    return (
      <section className="create-account create-account--required" aria-labelledby={whyId}>
        <h3 id={whyId} className="create-account__title">
          {t('autoTopupAccountTitle')}
        </h3>
        <p className="create-account__why">{t('autoTopupAccountRequired')}</p>
        {password}
        <p className="create-account__sign-in">
          {t('autoTopupHaveAccount')} <a href={props.signInPath}>{t('autoTopupSignIn')}</a>
        </p>
      </section>
    );
  }
  return (
    <div className="create-account">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={props.createAccount}
          onChange={(event) => props.onCreateAccountChange(event.target.checked)}
          data-testid="create-account"
        />
        <span>{t('createAccountLabel')}</span>
      </label>
      {props.createAccount && password}
    </div>
  );
}

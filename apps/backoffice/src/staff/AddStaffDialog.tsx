import { STAFF_ROLES, type StaffRole } from '@shop/domain';
import type { NewStaffAnswer } from '@shop/domain/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslations } from 'use-intl';
import { isApiError } from '../api/http';
import { useShops } from '../api/shops';
import { useLabels } from '../i18n/labels';
import { Dialog, DialogClose } from '../ui/Dialog';
import { ErrorNotice } from '../ui/ErrorNotice';
import { Field } from '../ui/Field';
import { addStaffMember } from './api';

/**
 * Adds a staff member: an admin works for every tenant, every other role for the tenants ticked.
 * The first password and the one-time code secret are shown here once, to be handed over.
 */
export function AddStaffDialog({ onClose, onAdded }: { onClose: () => void; onAdded: () => void }) {
  const t = useTranslations('staff.addDialog');
  const labels = useLabels();
  const { data: shops = [] } = useShops();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  const [shopIds, setShopIds] = useState<string[]>([]);
  const [tenantsProblem, setTenantsProblem] = useState('');
  const tenantsProblemId = useId();
  const add = useMutation({ mutationFn: addStaffMember, onSuccess: onAdded, gcTime: 0 });
  const forEveryTenant = role === 'admin';
  const emailTaken = isApiError(add.error, 409, 'STAFF_ALREADY_EXISTS');

  const toggleShop = (shopId: string, ticked: boolean) =>
    setShopIds(ticked ? [...shopIds, shopId] : shopIds.filter((id) => id !== shopId));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const problem = !forEveryTenant && shopIds.length === 0 ? t('tenantsRequired') : '';
    setTenantsProblem(problem);
    if (!problem) add.mutate({ email: email.trim(), role, shopIds: forEveryTenant ? [] : shopIds });
  };

  return (
    <Dialog
      onClose={onClose}
      title={t('title')}
      description={add.isSuccess ? t('handOver') : t('description')}
      testId="add-staff-dialog"
    >
      {add.isSuccess ? (
        <NewStaffSecrets answer={add.data} />
      ) : (
        <form className="form" onSubmit={submit}>
          <Field label={t('email')} error={emailTaken ? t('emailTaken') : undefined}>
            {(control) => (
              <input
                {...control}
                type="email"
                required
                autoComplete="off"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </Field>
          <Field label={t('role')}>
            {(control) => (
              <select
                {...control}
                value={role}
                onChange={(event) => setRole(event.target.value as StaffRole)}
              >
                {STAFF_ROLES.map((option) => (
                  <option key={option} value={option}>
                    {labels.role(option)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {forEveryTenant ? (
            <p className="field-hint">{t('adminTenants')}</p>
          ) : (
            <fieldset className="choices" aria-describedby={tenantsProblem ? tenantsProblemId : undefined}>
              <legend>{t('tenants')}</legend>
              {shops.map((shop) => (
                <label key={shop.shopId} className="choice">
                  <input
                    type="checkbox"
                    checked={shopIds.includes(shop.shopId)}
                    onChange={(event) => toggleShop(shop.shopId, event.target.checked)}
                  />
                  {shop.name}
                </label>
              ))}
              {tenantsProblem && (
                <p className="field-error" id={tenantsProblemId}>
                  {tenantsProblem}
                </p>
              )}
            </fieldset>
          )}
          {add.isError && !emailTaken && <ErrorNotice error={add.error} />}
          <div className="dialog-buttons">
            <DialogClose className="button">{t('cancel')}</DialogClose>
            <button type="submit" className="button button-primary" disabled={add.isPending}>
              {t('submit')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

function NewStaffSecrets({ answer }: { answer: NewStaffAnswer }) {
  const t = useTranslations('staff.addDialog');
  return (
    <>
      <dl className="details secrets">
        <div className="details-row">
          <dt>{t('email')}</dt>
          <dd>{answer.staff.email}</dd>
        </div>
        <div className="details-row">
          <dt>{t('password')}</dt>
          <dd>
            <code>{answer.password}</code>
          </dd>
        </div>
        <div className="details-row">
          <dt>{t('totpSecret')}</dt>
          <dd>
            <code>{answer.totpSecret}</code>
          </dd>
        </div>
        <div className="details-row">
          <dt>{t('totpUri')}</dt>
          <dd>
            <code className="wrap-anywhere">{answer.totpUri}</code>
          </dd>
        </div>
      </dl>
      <p className="notice">{t('onceOnly')}</p>
      <div className="dialog-buttons">
        <DialogClose className="button button-primary">{t('done')}</DialogClose>
      </div>
    </>
  );
}

import { useTranslations } from 'use-intl';
import { useShops } from '../api/shops';
import type { ControlProps } from './Field';

/** The tenant to narrow a list to, or all the staff member works for. */
export function ShopSelect({
  value,
  onChange,
  ...control
}: ControlProps & { value: string; onChange: (shopId: string) => void }) {
  const t = useTranslations('filters');
  const { data: shops = [] } = useShops();
  return (
    <select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{t('allTenants')}</option>
      {shops.map((shop) => (
        <option key={shop.shopId} value={shop.shopId}>
          {shop.name}
        </option>
      ))}
    </select>
  );
}

import type { ServiceFees } from '@shop/domain';

type FeeKey = 'serviceFeePerItem' | 'serviceFeePerOrder';

/** The tenant's service fees in words, one note per fee it charges (none where it charges none). */
export function feeNotes(
  fees: ServiceFees,
  money: (minor: number) => string,
  t: (key: FeeKey, values: { fee: string }) => string,
): string[] {
  return [
    ...(fees.perItem > 0 ? [t('serviceFeePerItem', { fee: money(fees.perItem) })] : []),
    ...(fees.perCart > 0 ? [t('serviceFeePerOrder', { fee: money(fees.perCart) })] : []),
  ];
}

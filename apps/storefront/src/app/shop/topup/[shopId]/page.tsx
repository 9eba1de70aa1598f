import { notFound } from 'next/navigation';
import { MainPage } from '../../../../components/MainPage';
import type { SearchParams } from '../../../../lib/page-query';
import { requireTenant } from '../../../../lib/tenant';

export default async function SingleBrandPage({
  params,
  searchParams,
}: {
  params: Promise<{ shopId: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const tenant = await requireTenant();
  const { shopId } = await params;
  if (tenant.mainPageKind !== 'single-brand' || shopId !== tenant.shopId) notFound();
  return <MainPage tenant={tenant} searchParams={await searchParams} />;
}

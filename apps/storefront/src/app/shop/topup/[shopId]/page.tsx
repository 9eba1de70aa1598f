import { notFound } from 'next/navigation';
import { MainPage } from '../../../../components/MainPage';
import { requireTenant } from '../../../../lib/tenant';

export default async function SingleBrandPage({ params }: { params: Promise<{ shopId: string }> }) {
  const tenant = await requireTenant();
  const { shopId } = await params;
  if (tenant.mainPageKind !== 'single-brand' || shopId !== tenant.shopId) notFound();
  return <MainPage tenant={tenant} />;
}

import { MainPage } from '../../components/MainPage';
import { redirectToMainPage, requireTenant } from '../../lib/tenant';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ShopPage({ searchParams }: { searchParams: SearchParams }) {
  const tenant = await requireTenant();
  if (tenant.mainPageKind !== 'multi-brand') redirectToMainPage(tenant, await searchParams);
  return <MainPage tenant={tenant} />;
}

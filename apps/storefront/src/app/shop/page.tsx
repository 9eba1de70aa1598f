import { MainPage } from '../../components/MainPage';
import { redirectToMainPage, requireTenant } from '../../lib/tenant';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ShopPage({ searchParams }: { searchParams: SearchParams }) {
  const tenant = await requireTenant();
  const query = await searchParams;
  if (tenant.mainPageKind !== 'multi-brand') redirectToMainPage(tenant, query);
  return <MainPage tenant={tenant} searchParams={query} />;
}

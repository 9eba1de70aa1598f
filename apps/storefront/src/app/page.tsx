import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { MainPage } from '../components/MainPage';
import { ShopIndex } from '../components/ShopIndex';
import { currentHost, redirectToMainPage } from '../lib/tenant';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function RootPage({ searchParams }: { searchParams: SearchParams }) {
  const target = await currentHost();
  if (target.kind === 'index') {
    const host = (await headers()).get('host') ?? '';
    return <ShopIndex port={host.match(/:(\d+)$/)?.[1] ?? ''} />;
  }
  if (target.kind === 'unknown') notFound();
  if (target.tenant.mainPageKind !== 'single-shop') redirectToMainPage(target.tenant, await searchParams);
  return <MainPage tenant={target.tenant} searchParams={await searchParams} />;
}

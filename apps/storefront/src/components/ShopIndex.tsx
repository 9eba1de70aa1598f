import { mainPagePath, tenants } from '@shop/tenants';

/** The page a bare `localhost` shows: every demo shop with a link to its main page. */
export function ShopIndex({ port }: { port: string }) {
  const suffix = port ? `:${port}` : '';
  return (
    <main id="main" className="shop-index">
      <h1>Demo shops</h1>
      <p>Each tenant's shop runs on its own host name.</p>
      <ul data-testid="shop-index">
        {tenants().all.map((tenant) => (
          <li key={tenant.shopId}>
            <a href={`http://${tenant.shopId}.localhost${suffix}${mainPagePath(tenant)}`}>
              {tenant.providerName}
            </a>{' '}
            <span>
              {tenant.shopId} · {tenant.country.toUpperCase()} · {tenant.locales.join(', ')}
            </span>
          </li>
        ))}
      </ul>
    </main>
  );
}

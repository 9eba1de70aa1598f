import { schema, syncTenants } from '@shop/db';
import { tenants } from '@shop/tenants';
import { describe, expect, it } from 'vitest';
import { apiForFile } from './api-for-file';

const api = apiForFile();

describe('tenant rows', () => {
  it('hold one row per configured tenant, also after another start', async () => {
    const { db } = api.database;
    const before = await db.select().from(schema.tenants);
    expect(before).toHaveLength(tenants().all.length);

    await syncTenants(db, tenants().all);
    const after = await db.select().from(schema.tenants);
    expect(after).toHaveLength(tenants().all.length);
    expect(after.map((row) => row.createdAt.getTime()).sort()).toEqual(
      before.map((row) => row.createdAt.getTime()).sort(),
    );
  });

  it('follow a renamed provider', async () => {
    const { db } = api.database;
    await syncTenants(db, [{ shopId: 'funkfix', providerName: 'FunkFix Neu' }]);
    const rows = await db.select().from(schema.tenants);
    expect(rows.find((row) => row.shopId === 'funkfix')?.providerName).toBe('FunkFix Neu');
    expect(rows).toHaveLength(tenants().all.length);
  });
});

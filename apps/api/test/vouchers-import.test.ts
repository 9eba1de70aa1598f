import { schema } from '@shop/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPins } from '../src/vouchers/import';
import { readPinFile } from '../src/vouchers/pin-file';
import { stockLevels } from '../src/vouchers/stock';
import { addStockVoucher, openStockDatabase, pinRows, testCipher } from './vouchers-support';

let database: Awaited<ReturnType<typeof openStockDatabase>>;
beforeAll(async () => {
  database = await openStockDatabase();
  await addStockVoucher(database.db, 'ladeplatz', 'import-voucher');
});
afterAll(() => database.close());

const NOW = new Date('2026-01-15T12:00:00Z');

/** Reads the file and imports it in one transaction, as the import command does. */
async function importFile(productId: string, text: string, tenantId = 'ladeplatz') {
  const file = readPinFile(text, NOW);
  if (!file.ok) return file;
  return database.db.transaction((tx) =>
    importPins(tx, { tenantId, productId, pins: file.pins, cipher: testCipher }),
  );
}

const levelOf = async (productId: string, tenantId = 'ladeplatz') =>
  (await stockLevels(database.db, tenantId, NOW)).find((level) => level.productId === productId);

describe('importing a PIN file', () => {
  it('stores every PIN encrypted, with its serial and validity', async () => {
    const result = await importFile(
      'import-voucher',
      [
        'pin,serial,valid_until',
        '1111222233334444,SN-1,2027-06-30',
        'ABCD1234EFGH,,2027-01-01T08:00:00Z',
        '5555666677778888,SN-3,',
      ].join('\n'),
    );
    expect(result).toEqual({ ok: true, imported: 3, skipped: 0 });

    const rows = await pinRows(database.db, 'import-voucher');
    const byPin = new Map(rows.map((row) => [testCipher.decrypt(row.pinEncrypted), row]));
    expect([...byPin.keys()].sort()).toEqual(['1111222233334444', '5555666677778888', 'ABCD1234EFGH']);
    expect(byPin.get('1111222233334444')?.serial).toBe('SN-1');
    expect(byPin.get('1111222233334444')?.validUntil?.toISOString()).toBe('2027-06-30T23:59:59.999Z');
    expect(byPin.get('ABCD1234EFGH')?.serial).toBeNull();
    expect(byPin.get('ABCD1234EFGH')?.validUntil?.toISOString()).toBe('2027-01-01T08:00:00.000Z');
    expect(byPin.get('5555666677778888')?.validUntil).toBeNull();
    for (const row of rows) {
      expect(row.status).toBe('AVAILABLE');
      expect(row.pinEncrypted).not.toContain(testCipher.decrypt(row.pinEncrypted));
    }
    expect(await levelOf('import-voucher')).toMatchObject({ available: 3, reserved: 0, sold: 0 });
  });

  it('takes a file with only the pin column', async () => {
    await addStockVoucher(database.db, 'ladeplatz', 'pins-only-voucher');
    const result = await importFile('pins-only-voucher', 'pin\n90909090\n80808080\n');
    expect(result).toEqual({ ok: true, imported: 2, skipped: 0 });
  });

  it('skips and counts PINs already in stock or twice in the file', async () => {
    const result = await importFile(
      'import-voucher',
      ['pin,serial', '1111222233334444,SN-1-AGAIN', '9999000011112222,SN-4', '9999000011112222,SN-4'].join(
        '\n',
      ),
    );
    expect(result).toEqual({ ok: true, imported: 1, skipped: 2 });
    expect(await levelOf('import-voucher')).toMatchObject({ available: 4 });
  });

  it('counts a PIN in stock for another product of the tenant as a duplicate', async () => {
    const result = await importFile('pins-only-voucher', 'pin\n1111222233334444\n');
    expect(result).toEqual({ ok: true, imported: 0, skipped: 1 });
  });

  it('refuses the whole file at its first bad line and imports nothing from it', async () => {
    const before = await levelOf('import-voucher');
    const cases = [
      { text: 'pin\n1212121212121212\n1234567\n', line: 3, reason: /8 to 32 letters or digits/ },
      { text: 'pin\n1212121212121212\n1234-5678-9012\n', line: 3, reason: /8 to 32 letters or digits/ },
      { text: `pin\n${'1'.repeat(33)}\n`, line: 2, reason: /8 to 32/ },
      { text: 'pin,valid_until\n1212121212121212,2026-01-01\n', line: 2, reason: /has passed/ },
      { text: 'pin,valid_until\n1212121212121212,2027-02-30\n', line: 2, reason: /not an ISO date/ },
      { text: 'pin,valid_until\n1212121212121212,31.12.2027\n', line: 2, reason: /not an ISO date/ },
      { text: 'pin,serial\n1212121212121212,A\n3434343434343434\n', line: 3, reason: /Record Length/ },
      {
        text: 'pin,valid_untill\n1212121212121212,2027-01-01\n',
        line: 1,
        reason: /unknown column "valid_untill"/,
      },
      { text: 'serial\nSN-1\n', line: 1, reason: /"pin" column/ },
      { text: '', line: 1, reason: /empty/ },
    ];
    for (const { text, line, reason } of cases) {
      const result = await importFile('import-voucher', text);
      expect(result, text).toEqual({ ok: false, line, reason: expect.stringMatching(reason) });
    }
    expect(await levelOf('import-voucher')).toEqual(before);
  });

  it('refuses an unknown product, a product of another tenant, a non-voucher and an operator voucher', async () => {
    const pins = [{ pin: '4545454545454545', serial: null, validUntil: null }];
    const attempt = (tenantId: string, productId: string) =>
      importPins(database.db, { tenantId, productId, pins, cipher: testCipher });

    expect(await attempt('ladeplatz', 'no-such-voucher')).toMatchObject({
      ok: false,
      code: 'UNKNOWN_PRODUCT',
    });
    expect(await attempt('kartenkiosk', 'import-voucher')).toMatchObject({
      ok: false,
      code: 'UNKNOWN_PRODUCT',
    });
    expect(await attempt('ladeplatz', 'funkfix-topup-1000')).toMatchObject({
      ok: false,
      code: 'NOT_A_VOUCHER',
    });
    const refused = await attempt('kartenkiosk', 'pixelpass-voucher-1000');
    expect(refused).toMatchObject({ ok: false, code: 'NOT_SOLD_FROM_STOCK' });
    expect(refused.ok ? '' : refused.message).toMatch(/from the operator/);

    const stored = await database.db
      .select()
      .from(schema.voucherPins)
      .where(and(eq(schema.voucherPins.pinHash, testCipher.hash('4545454545454545'))));
    expect(stored).toHaveLength(0);
  });
});

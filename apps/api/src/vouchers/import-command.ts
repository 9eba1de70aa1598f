/**
 * Imports a CSV file of voucher PINs into a product's stock:
 *
 *   npm run vouchers:import -- --tenant <shopId> --product <productId> <file.csv>
 *
 * Opens the database as the API does (DATABASE_URL, else the embedded one in DATA_DIR) and
 * applies pending migrations first. The whole file goes in one transaction: the first bad line
 * or a refused product imports nothing.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { configured, fail, withDatabase } from '../command-line';
import { readEnv } from '../env';
import { importPins, type PinImportResult } from './import';
import { createPinCipher, DEVELOPMENT_KEY_WARNING } from './pin-crypto';
import { readPinFile } from './pin-file';

const USAGE = 'usage: npm run vouchers:import -- --tenant <shopId> --product <productId> <file.csv>';

function readArguments() {
  try {
    const { values, positionals } = parseArgs({
      options: { tenant: { type: 'string' }, product: { type: 'string' } },
      allowPositionals: true,
    });
    const [file, ...extra] = positionals;
    if (!values.tenant || !values.product || !file || extra.length > 0) fail(USAGE, 2);
    // npm runs scripts in the repository root; the file is named relative to where npm was called.
    const path = resolve(process.env.INIT_CWD ?? '.', file);
    return { tenantId: values.tenant, productId: values.product, file, path };
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
}

const { tenantId, productId, file, path } = readArguments();
const env = configured(() => readEnv());
const cipher = configured(() => createPinCipher(process.env.VOUCHER_PIN_KEY));
if (cipher.usesDevelopmentKey) console.warn(DEVELOPMENT_KEY_WARNING);

const text = await readFile(path, 'utf8').catch((error: Error) =>
  fail(`Cannot read ${file}: ${error.message}`),
);
const pinFile = readPinFile(text, new Date());
if (!pinFile.ok) fail(`${file} line ${pinFile.line}: ${pinFile.reason}. Nothing was imported.`);

const result: PinImportResult = await withDatabase(env, (database) =>
  database.db.transaction((tx) => importPins(tx, { tenantId, productId, pins: pinFile.pins, cipher })),
);
if (!result.ok) fail(`${result.message}. Nothing was imported.`);
console.log(`imported ${result.imported}, skipped ${result.skipped} duplicates`);

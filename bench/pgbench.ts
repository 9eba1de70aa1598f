import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { scratchDatabase } from './stack';

function pgbenchBinary(): string {
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort().reverse()
    : [];
  for (const version of versions) {
    const path = `/usr/lib/postgresql/${version}/bin/pgbench`;
    if (existsSync(path)) return path;
  }
  return 'pgbench';
}

/** pgbench's TPC-B-like transactions per second: scale 10, 10 clients, 2 threads, for `seconds`. */
export async function pgbenchTps(serverUrl: string, seconds: number): Promise<number> {
  const database = await scratchDatabase(serverUrl, 'pgbench_bench');
  try {
    const run = (args: string[]) => {
      const result = spawnSync(pgbenchBinary(), [...args, database.url], { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`pgbench ${args.join(' ')}: ${result.stderr || result.error}`);
      return result.stdout;
    };
    run(['-i', '-s', '10', '-q']);
    const output = run(['-c', '10', '-j', '2', '-T', String(seconds)]);
    const tps = output.match(/tps = ([\d.]+)/)?.[1];
    if (!tps) throw new Error(`pgbench printed no tps:\n${output}`);
    return Number(tps);
  } finally {
    await database.drop();
  }
}

import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** An API (`main.ts`) or worker (`worker.ts`) as a process of its own, as a deployment runs it. */
export interface ShopProcess {
  child: ChildProcess;
  /** What it printed so far (to show when a test fails). */
  output(): string;
  /** Sends the signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function spawnShopProcess(entry: 'main' | 'worker', env: Record<string, string>): ShopProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', `apps/api/src/${entry}.ts`], {
    cwd: root,
    // One process per spawn: a test that stops or kills "the API" means that one process.
    env: { ...process.env, API_PROCESSES: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => printed,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/**
 * Polls `check` until it answers something other than undefined; throws after `timeoutMs`, saying
 * `what` was awaited (a function is asked at that moment, so it can tell what was seen last).
 */
export async function waitFor<T>(
  what: string | (() => string),
  check: () => Promise<T | undefined>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`${typeof what === 'string' ? what : what()}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The API's health answer once it gives one with 200 (and `ready` holds for it). */
export const healthyApi = (
  port: number,
  ready: (health: { worker: { alive: boolean } }) => boolean = () => true,
  timeoutMs = 60_000,
) =>
  waitFor(
    `the API on port ${port}`,
    async () => {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (!response.ok) return undefined;
      const health = (await response.json()) as { worker: { alive: boolean } };
      return ready(health) ? health : undefined;
    },
    timeoutMs,
  );

import { healthyApi, type ShopProcess, spawnShopProcess } from '../processes';

/**
 * Two API processes and two workers over one database, kept running as a process manager keeps
 * them: a process that ends, killed or not, is started again a second later.
 */
export interface SoakProcesses {
  apiPorts: readonly number[];
  /** Kills one process of the kind with SIGKILL at once; the manager starts it again. */
  kill(kind: 'api' | 'worker'): void;
  /** Processes that ended without being killed (a crash the soak did not cause on purpose), with their last words. */
  unplannedExits(): string[];
  /** The last lines every process printed, for a report. */
  output(): string;
  close(): Promise<void>;
}

interface Slot {
  kind: 'api' | 'worker';
  env: Record<string, string>;
  process: ShopProcess;
  killed: boolean;
}

export async function startSoakProcesses(
  env: Record<string, string>,
  apiPorts: readonly number[],
): Promise<SoakProcesses> {
  const slots: Slot[] = [];
  let closing = false;
  const unplanned: string[] = [];
  const earlier: string[] = [];

  const launch = (slot: Omit<Slot, 'process' | 'killed'>): Slot => {
    const started: Slot = {
      ...slot,
      killed: false,
      process: spawnShopProcess(slot.kind === 'api' ? 'main' : 'worker', { ...env, ...slot.env }),
    };
    started.process.child.once('exit', (code, signal) => {
      if (closing) return;
      if (!started.killed) {
        unplanned.push(`${slot.kind} ended (${code ?? signal}): ${started.process.output().slice(-1_500)}`);
      }
      earlier.push(started.process.output().slice(-4_000));
      setTimeout(() => {
        if (closing) return;
        const index = slots.indexOf(started);
        if (index >= 0) slots[index] = launch(slot);
      }, 1_000);
    });
    return started;
  };

  // One after the other: the first prepares the database (migrations, demo data).
  for (const port of apiPorts) {
    slots.push(launch({ kind: 'api', env: { API_PORT: String(port) } }));
    // The first start migrates a fresh database and loads the demo data, beside the rest of the suite.
    await healthyApi(port, undefined, 180_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${slots.map((slot) => slot.process.output()).join('\n')}`);
    });
  }
  slots.push(launch({ kind: 'worker', env: {} }), launch({ kind: 'worker', env: {} }));
  await healthyApi(apiPorts[0] as number, (health) => health.worker.alive, 120_000);

  return {
    apiPorts,
    kill(kind) {
      const alive = slots.filter(
        (slot) =>
          slot.kind === kind &&
          slot.process.child.exitCode === null &&
          slot.process.child.signalCode === null,
      );
      const victim = alive[Math.floor(Math.random() * alive.length)];
      if (!victim) return;
      victim.killed = true;
      victim.process.child.kill('SIGKILL');
    },
    unplannedExits: () => unplanned,
    output: () => [...earlier, ...slots.map((slot) => slot.process.output())].join('\n'),
    close: async () => {
      closing = true;
      await Promise.all(slots.map((slot) => slot.process.stop()));
    },
  };
}

import cluster, { type Worker } from 'node:cluster';

/** A process that ended this soon after its start is not started again (it would only fail again). */
const EARLY_EXIT_MS = 5_000;

/**
 * Runs `count` API processes sharing the port (node:cluster), each the same entry point as this
 * one. One that ends is started again; SIGTERM or SIGINT ends all of them, each with its own
 * graceful shutdown, and then this one.
 */
export function runApiProcesses(count: number, log: (message: string) => void): void {
  let stopping = false;
  const startedAt = new Map<Worker, number>();
  const start = () => startedAt.set(cluster.fork(), Date.now());
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    if (lived < EARLY_EXIT_MS) {
      log(`an API process ended at its start (${signal ?? `exit code ${code}`}); stopping`);
      stop(1);
      return;
    }
    log(`an API process ended (${signal ?? `exit code ${code}`}); starting another`);
    start();
  });
  const stop = (exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    if (startedAt.size === 0) process.exit(exitCode);
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    process.exitCode = exitCode;
  };
  process.on('SIGTERM', () => stop());
  process.on('SIGINT', () => stop());
  for (let index = 0; index < count; index += 1) start();
  log(`${count} API processes share the port`);
}

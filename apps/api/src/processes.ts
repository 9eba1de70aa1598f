import cluster, { type Worker } from 'node:cluster';
import { isConnectionLoss } from '@shop/db';
import closeWithGrace from 'close-with-grace';

/**
 * What the first process sends the others to stop them. Not a signal: a Ctrl-C in a terminal
 * signals every process of the group already, and a second signal would cut a graceful
 * shutdown short.
 */
const SHUTDOWN = 'shutdown';

/** Calls `shutdown` when the first process asks this one to stop (once its own shutdown has begun, it is ignored there). */
export function onShutdownRequest(shutdown: () => void): void {
  if (!cluster.isWorker) return;
  process.on('message', (message) => {
    if (message === SHUTDOWN) shutdown();
  });
}

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
    for (const worker of startedAt.keys()) worker.send(SHUTDOWN);
    process.exitCode = exitCode;
  };
  process.on('SIGTERM', () => stop());
  process.on('SIGINT', () => stop());
  for (let index = 0; index < count; index += 1) start();
  log(`${count} API processes share the port`);
}

/**
 * Runs `close` once on SIGTERM, SIGINT or an error nothing handled, then ends the process; as
 * `close-with-grace` does, with one exception: a database call that failed because the connection
 * was lost, in a promise nobody awaits (pg-boss completes and fails jobs so), is only logged. The
 * pool connects again, and a job whose completion was lost runs again once it expires, which
 * every job handler allows.
 */
export function closeGracefully(
  log: { warn(details: object, message: string): void },
  close: closeWithGrace.CloseWithGraceAsyncCallback,
): void {
  closeWithGrace({ delay: 10_000, skip: ['unhandledRejection'] }, close);
  process.on('unhandledRejection', (reason) => {
    if (isConnectionLoss(reason)) {
      log.warn({ err: reason }, 'a database call was cut off by a lost connection; its work is tried again');
      return;
    }
    // Thrown again as an uncaught exception, which the graceful close above handles.
    setImmediate(() => {
      throw reason;
    });
  });
}

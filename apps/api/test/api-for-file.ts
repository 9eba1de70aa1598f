import { afterAll, beforeAll } from 'vitest';
import { type RunningApi, type StartApiOptions, startApi } from './harness';

/**
 * The API of one test file: started before the file's tests and closed after them. What it
 * answers stands for that API once the tests run (reading it earlier is a mistake and throws).
 */
export function apiForFile(options: StartApiOptions = {}): RunningApi {
  let running: RunningApi | undefined;
  beforeAll(async () => {
    running = await startApi(options);
  });
  afterAll(async () => {
    await running?.close();
  });
  return new Proxy({} as RunningApi, {
    get(_target, key) {
      if (!running) throw new Error('The API of this file starts before its tests; read it inside them');
      return Reflect.get(running, key);
    },
  });
}

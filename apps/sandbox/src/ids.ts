import { randomBytes } from 'node:crypto';

/** A random, URL-safe id with a type prefix, e.g. `pay_3q2-X…` (96 random bits). */
export function randomId(prefix: 'pay' | 'tok' | 'ref' | 'evt' | 'msg' | 'top' | 'vch'): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

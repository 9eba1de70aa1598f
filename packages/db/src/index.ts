export {
  type Database,
  type DatabaseHandle,
  type DatabaseOptions,
  isUniqueViolation,
  openDatabase,
  type SqlExecutor,
  type Transaction,
} from './connection';
export type * from './rows';
export * as schema from './schema';
export { syncTenants } from './tenants';

export {
  type Database,
  type DatabaseHandle,
  type DatabaseOptions,
  isConnectionLoss,
  isUniqueViolation,
  openDatabase,
  type SqlExecutor,
  type Transaction,
} from './connection';
export type * from './rows';
export * as schema from './tables';
export { syncTenants } from './tenants';

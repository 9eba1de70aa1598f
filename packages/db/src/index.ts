export { type Database, type DatabaseHandle, type DatabaseOptions, openDatabase } from './connection';
export * as schema from './schema';
export { syncTenants } from './tenants';

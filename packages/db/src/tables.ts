/** Every table of the shop's one schema: the shop's own and the back office's beside them. */
export * from './schema';
export * from './staff-schema';

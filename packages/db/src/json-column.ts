import { customType } from 'drizzle-orm/pg-core';
import type * as z from 'zod';

/**
 * A jsonb column whose value is checked against its schema each time a row is read, so a reader
 * gets the declared shape (or an error naming what is wrong), never a guess.
 */
export const jsonbOf = <T extends z.ZodType>(schema: T) =>
  customType<{ data: z.output<T>; driverData: unknown }>({
    dataType: () => 'jsonb',
    toDriver: (value) => JSON.stringify(value),
    fromDriver: (value) => schema.parse(typeof value === 'string' ? JSON.parse(value) : value),
  });

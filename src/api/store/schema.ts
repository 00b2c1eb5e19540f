import type { StoreName } from './database.ts'

/** Current IndexedDB schema version. Bump it with a step in `migrations.ts`. */
export const DB_VERSION = 2

/** The stores one API request touches; one read-write transaction spans them all. */
export const REQUEST_STORES = [
  'keys',
  'projects',
  'keyActivity',
  'usage',
  'sessions',
  'tools',
  'webhookEndpoints',
] as const satisfies readonly StoreName[]

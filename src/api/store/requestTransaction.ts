import type { Transaction } from './database.ts'
import type { REQUEST_STORES } from './schema.ts'

/** The one read-write transaction a request runs in. */
export type RequestTransaction = Transaction<(typeof REQUEST_STORES)[number]>

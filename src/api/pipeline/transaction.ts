import type { Transaction } from '../store/database.ts'
import type { REQUEST_STORES } from '../store/schema.ts'

/** The one read-write transaction a request runs in. */
export type RequestTransaction = Transaction<(typeof REQUEST_STORES)[number]>

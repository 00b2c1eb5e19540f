import type { RequestTransaction } from '../pipeline/transaction.ts'
import type { KeyRecord } from '../store/records.ts'

/** What an operation sees: the request's transaction, its key, the clock and its parsed input. */
export interface OperationContext<Input = unknown, Prepared = unknown> {
  tx: RequestTransaction
  key: KeyRecord
  now: number
  input: Input
  prepared: Prepared
}

/**
 * A body ready now, or work to finish after the transaction has committed
 * (Web Crypto cannot be awaited inside an IndexedDB transaction).
 */
export type OperationResult = { body: unknown } | { finish: () => Promise<unknown> }

export interface Operation<Input = unknown, Prepared = unknown> {
  /** Pure, store-free work done before the transaction (validation, digests). May throw a deferred ApiError. */
  prepare?: (input: Input) => Promise<Prepared>
  /** Runs inside the request transaction: await only IndexedDB here. */
  run: (context: OperationContext<Input, Prepared>) => Promise<OperationResult>
}

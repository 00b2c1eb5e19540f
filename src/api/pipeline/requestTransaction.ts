import { ApiError } from '../contract/ApiError.ts'
import type { Connection } from '../store/connection.ts'
import type { RequestTransaction } from '../store/requestTransaction.ts'
import { StoreError } from '../store/StoreError.ts'
import { REQUEST_STORES } from '../store/schema.ts'
import type { Deadlines } from './deadlines.ts'

type Work<T> = (tx: RequestTransaction) => Promise<T>

interface Job {
  work: Work<unknown>
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
  /** Set once its deadline passed: it is refused, wherever it waits. */
  expired: boolean
  /** Whether it already ran in a transaction another job's failure aborted. */
  retried: boolean
  release: () => void
  /** What its work came to in the transaction it last ran in. */
  outcome?: Outcome
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

/** Most requests one transaction runs: bounds how long a batch holds the stores. */
export const BATCH_LIMIT = 32

const expiredError = () => new StoreError('Failed to confirm the request: the store stayed busy past the transaction timeout')

/**
 * Runs each request's work in a read-write transaction over every store, so
 * the rate limit holds across tabs and concurrent requests.
 * - A request that finds no transaction running gets its own at once.
 * - Requests that arrive while a transaction runs wait for it and then share
 *   the next one, their work run one after another inside it (group commit):
 *   each sees what the ones before it wrote, and the transaction's fixed cost
 *   (start, commit) is paid once per batch instead of once per request.
 * - Success: the transaction commits before any result is returned.
 * - An ApiError (a refusal): what the refusal recorded (its usage count)
 *   commits with the batch, then the error goes to its request unchanged.
 * - Anything else aborts the transaction, so nothing half-done commits: that
 *   request gets its error, and the others run again, once, in the next one.
 * A request queued behind another tab's long transaction must not hang:
 * past the timeout, counted from its arrival, it is refused with a
 * StoreError (503); a transaction it runs in is aborted.
 */
export class RequestTransactions {
  readonly #connection: Connection
  readonly #deadlines: Deadlines
  #queue: Job[] = []
  #runningJobs: readonly Job[] | undefined
  #runningTx: RequestTransaction | undefined
  #draining = false

  constructor(connection: Connection, deadlines: Deadlines) {
    this.#connection = connection
    this.#deadlines = deadlines
  }

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        work,
        resolve: resolve as (value: unknown) => void,
        reject,
        expired: false,
        retried: false,
        release: () => {},
      }
      job.release = this.#deadlines.set(() => this.#expire(job))
      this.#queue.push(job)
      if (!this.#draining) void this.#drain()
    })
  }

  #expire(job: Job): void {
    job.expired = true
    const queued = this.#queue.indexOf(job)
    if (queued >= 0) {
      this.#queue.splice(queued, 1)
      job.reject(expiredError())
    } else if (this.#runningJobs?.includes(job)) {
      this.#runningTx?.abort()
    }
  }

  async #drain(): Promise<void> {
    this.#draining = true
    try {
      while (this.#queue.length > 0) await this.#runBatch(this.#queue.splice(0, BATCH_LIMIT))
    } finally {
      this.#draining = false
    }
  }

  async #runBatch(jobs: Job[]): Promise<void> {
    let tx: RequestTransaction
    try {
      const db = await this.#connection.get()
      // Relaxed durability: the commit is ordered and atomic but not flushed to
      // disk before it reports. A crash could forget the last few stamps and
      // counts; it can never admit a 121st request within a running browser.
      tx = db.transaction(REQUEST_STORES, 'readwrite', { durability: 'relaxed' })
    } catch (error) {
      for (const job of jobs) settle(job, { ok: false, error })
      return
    }
    // A job that expired while the connection opened is refused before it runs.
    const live = jobs.filter((job) => !job.expired)
    for (const job of jobs) if (job.expired) settle(job, { ok: false, error: expiredError() })
    this.#runningJobs = live
    this.#runningTx = tx
    let culprit = -1
    for (let index = 0; index < live.length; index++) {
      const job = live[index] as Job
      try {
        job.outcome = { ok: true, value: await job.work(tx) }
      } catch (error) {
        job.outcome = { ok: false, error }
        if (!(error instanceof ApiError)) {
          culprit = index
          break
        }
      }
    }
    try {
      if (culprit >= 0) {
        tx.abort()
        this.#failed(live, culprit)
        return
      }
      tx.commit()
      await tx.done
      for (const job of live) settle(job, job.outcome as Outcome)
    } catch (error) {
      // The commit failed: nothing of the batch is stored, and it is the store's failure, not a request's.
      for (const job of live) settle(job, { ok: false, error })
    } finally {
      this.#runningJobs = undefined
      this.#runningTx = undefined
    }
  }

  /** After an abort: the failing request and expired ones are answered; the rest go first in line for one more try. */
  #failed(jobs: readonly Job[], culprit: number): void {
    const again: Job[] = []
    for (const [index, job] of jobs.entries()) {
      if (index === culprit) settle(job, job.outcome as Outcome)
      else if (job.expired) settle(job, { ok: false, error: expiredError() })
      else if (job.retried) settle(job, { ok: false, error: new StoreError('Failed to commit: the transaction was aborted') })
      else {
        // Only a job that ran has used its try; one that never started keeps it.
        if (index < culprit) job.retried = true
        again.push(job)
      }
    }
    this.#queue.unshift(...again)
  }
}

function settle(job: Job, outcome: Outcome): void {
  job.release()
  if (outcome.ok) job.resolve(outcome.value)
  else job.reject(outcome.error)
}

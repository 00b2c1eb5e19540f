/**
 * Runs one example against the embed's sandbox: the set-up it needs (warm-up
 * requests, a clock jump), then the request the reader sees. Failures come
 * back as data, like every call of the sandbox client.
 */
import type { ApiResult, CallOptions, SandboxClient } from '../../client/sandboxClient.ts'
import type { EmbedExample } from '../examples.ts'
import type { EmbedClock } from '../runtime/embedClock.ts'
import type { KeyLease } from '../runtime/keyLease.ts'

/** Warm-up requests in flight at once: enough to be quick, few enough to leave the page responsive. */
const WARM_UP_BATCH = 10

export interface RunDependencies {
  client: SandboxClient
  lease: KeyLease
  clock: EmbedClock
  /** Told how many warm-up requests were answered so far. */
  onWarmUp?: (sent: number, total: number) => void
}

export interface RunOutcome {
  result: ApiResult
  /** The sandbox clock when the answer came, which is what its rate-limit times are relative to. */
  answeredAt: number
  /** Whether the request carried a key: without one, its rate-limit headers describe no one's window. */
  keySent: boolean
  /** Statuses of the warm-up requests, counted by status, when the example has any. */
  warmUp?: Record<number, number>
}

export async function runExample(example: EmbedExample, body: string | undefined, deps: RunDependencies): Promise<RunOutcome> {
  const total = example.setup?.warmUpRequests ?? 0
  // A warm-up needs a window no earlier run has touched, so it gets a fresh key.
  const held = total > 0 ? await deps.lease.renew() : await deps.lease.acquire()
  const options: CallOptions = {
    headers: { ...example.headers },
    ...(held ? { key: held.key } : {}),
    ...(body === undefined ? {} : { rawBody: body }),
  }
  const call = () => deps.client.call(example.operationId, options)

  let warmUp: Record<number, number> | undefined
  if (total > 0) {
    warmUp = {}
    for (let sent = 0; sent < total; ) {
      const batch = Math.min(WARM_UP_BATCH, total - sent)
      const results = await Promise.all(Array.from({ length: batch }, call))
      for (const { status } of results) warmUp[status] = (warmUp[status] ?? 0) + 1
      sent += batch
      deps.onWarmUp?.(sent, total)
    }
  }
  const shown = async () => ({ result: await call(), answeredAt: deps.clock.now(), keySent: held !== undefined })
  const days = example.setup?.clockOffsetDays ?? 0
  const answer = days === 0 ? await shown() : await deps.clock.shifted(days, shown)
  return warmUp ? { ...answer, warmUp } : answer
}

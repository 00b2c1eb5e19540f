/**
 * The JavaScript heap of the team sandbox's isolate (the Worker and its
 * Durable Objects) on local workerd, read through V8's inspector after a full
 * collection: what the objects hold, apart from SQLite's pages and the
 * allocator's slack that workerd's resident size also counts.
 * @note workerd's inspector does not answer `HeapProfiler.collectGarbage`; a
 * heap snapshot collects first, so one is taken and its chunks dropped.
 * @note workerd's inspector may close a new session at once while it is
 * still ending the one before (about one reading in fifty, taken straight
 * after another): each reading waits for its socket to close, and one whose
 * session was closed before it answered is taken again.
 */

import { within } from '../../src/runtime/within.ts'

const WORKER = 'core:user:developer-sandbox-team'
/** A reading that takes longer has failed: workerd stopped answering. */
const ANSWER_WITHIN_MS = 60_000
const ATTEMPTS = 3

class SessionClosed extends Error {}

/** Used heap in MB, after a garbage collection, of the isolate workerd runs the team sandbox in (`inspectorUrl` as `startTeamSandbox` gives it). */
export async function isolateHeapMB(inspectorUrl: string): Promise<number> {
  const address = `${inspectorUrl.replace(/\/$/, '')}/${WORKER}`
  for (let attempt = 1; ; attempt++) {
    try {
      return await readHeap(address)
    } catch (error) {
      if (!(error instanceof SessionClosed) || attempt === ATTEMPTS) throw error
      process.stderr.write(`  ${error.message} Reading again (attempt ${attempt + 1} of ${ATTEMPTS}).\n`)
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt))
    }
  }
}

async function readHeap(address: string): Promise<number> {
  const socket = new WebSocket(address)
  const closed = new Promise<void>((resolve) => socket.addEventListener('close', () => resolve(), { once: true }))
  // Every wait below ends: with its answer, or with this failure once the socket closes.
  let fail: (error: Error) => void = () => {}
  const failed = new Promise<never>((_, reject) => {
    fail = reject
  })
  failed.catch(() => {})
  socket.addEventListener('error', () => fail(new SessionClosed(`Failed to reach workerd's inspector at ${address}.`)))
  void closed.then(() => fail(new SessionClosed(`Failed to read the heap: workerd's inspector at ${address} closed the session.`)))
  const opened = new Promise<void>((resolve) => socket.addEventListener('open', () => resolve(), { once: true }))
  let next = 0
  const pending = new Map<number, (result: Record<string, unknown>) => void>()
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown> }
    if (message.id !== undefined) pending.get(message.id)?.(message.result ?? {})
  })
  const send = (method: string, params: Record<string, unknown> = {}) =>
    Promise.race([
      failed,
      new Promise<Record<string, unknown>>((resolve) => {
        const id = ++next
        pending.set(id, resolve)
        socket.send(JSON.stringify({ id, method, params }))
      }),
    ])
  const reading = async () => {
    await Promise.race([failed, opened])
    await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
    const { usedSize } = await send('Runtime.getHeapUsage')
    return Math.round((Number(usedSize) / 1024 / 1024) * 10) / 10
  }
  try {
    return await within(
      reading(),
      ANSWER_WITHIN_MS,
      () => new Error(`Failed to read the heap: workerd's inspector at ${address} did not answer within ${ANSWER_WITHIN_MS / 1000} s.`),
    )
  } finally {
    socket.close()
    // The next reading's session opens only once this one has ended (or after 5 s).
    await within(closed, 5_000, () => new Error('The inspector session did not close.')).catch(() => {})
  }
}

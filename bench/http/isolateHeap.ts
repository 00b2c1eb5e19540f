/**
 * The JavaScript heap of the team sandbox's isolate (the Worker and its
 * Durable Objects) on local workerd, read through V8's inspector after a full
 * collection: what the objects hold, apart from SQLite's pages and the
 * allocator's slack that workerd's resident size also counts.
 * @note workerd's inspector does not answer `HeapProfiler.collectGarbage`; a
 * heap snapshot collects first, so one is taken and its chunks dropped.
 */

const WORKER = 'core:user:developer-sandbox-team'

/** Used heap in MB, after a garbage collection, of the isolate workerd runs the team sandbox in. */
export async function isolateHeapMB(inspectorPort: number): Promise<number> {
  const socket = new WebSocket(`ws://127.0.0.1:${inspectorPort}/${WORKER}`)
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true })
    socket.addEventListener('error', () => reject(new Error(`Failed to reach workerd's inspector on port ${inspectorPort}.`)), {
      once: true,
    })
  })
  let next = 0
  const pending = new Map<number, (result: Record<string, unknown>) => void>()
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown> }
    if (message.id !== undefined) pending.get(message.id)?.(message.result ?? {})
  })
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const id = ++next
      pending.set(id, resolve)
      socket.send(JSON.stringify({ id, method, params }))
    })
  try {
    await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
    const { usedSize } = await send('Runtime.getHeapUsage')
    return Math.round((Number(usedSize) / 1024 / 1024) * 10) / 10
  } finally {
    socket.close()
  }
}

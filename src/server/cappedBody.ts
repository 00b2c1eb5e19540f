/**
 * A node:http request's body as a Fetch stream with a cap: past `limit`
 * bytes reading stops and the reader receives `limit + 1` bytes, enough for
 * the core to answer its own 413, so a huge upload is never held in memory.
 */
import type { IncomingMessage } from 'node:http'

/** The body, read only once the core reads it; `onFirstRead` runs then (the host sends 100 Continue there). */
export function cappedBody(incoming: IncomingMessage, limit: number, onFirstRead: () => void): ReadableStream<Uint8Array> {
  let received = 0
  let finished = false
  let started = false
  // Paused until the core reads: a request refused before its body (404, or a
  // declared length over the limit) never reads it, nor invites it with 100 Continue.
  incoming.pause()
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const finish = () => {
          finished = true
          incoming.off('data', onData)
          incoming.pause()
        }
        const onData = (chunk: Buffer) => {
          if (finished) return
          const room = limit + 1 - received
          if (chunk.byteLength >= room) {
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, room))
            received += room
            finish()
            controller.close()
            return
          }
          received += chunk.byteLength
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
          if ((controller.desiredSize ?? 0) <= 0) incoming.pause()
        }
        incoming.on('data', onData)
        incoming.once('end', () => {
          if (finished) return
          finish()
          controller.close()
        })
        incoming.once('error', (error) => {
          if (finished) return
          finish()
          controller.error(error)
        })
      },
      pull() {
        if (!started) {
          started = true
          onFirstRead()
        }
        if (!finished) incoming.resume()
      },
      cancel() {
        finished = true
        incoming.pause()
      },
      // No high-water mark: a stream with one pulls as soon as it starts, which would send 100 Continue before the core decides to read.
    },
    { highWaterMark: 0 },
  )
  return body
}

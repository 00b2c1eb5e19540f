import type { IncomingMessage } from 'node:http'
import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { cappedBody } from '../../src/server/cappedBody.ts'

/** An upload arriving in chunks, as node:http hands it over (a readable stream of Buffers). */
function upload(chunks: readonly string[]): PassThrough {
  const source = new PassThrough()
  for (const chunk of chunks) source.write(Buffer.from(chunk))
  source.end()
  return source
}

async function readAll(body: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(body).text()
}

describe('a request body streamed with a cap', () => {
  it('hands over a body under the cap whole, and says once that reading began', async () => {
    let reads = 0
    const body = cappedBody(upload(['{"a":', '1}']) as unknown as IncomingMessage, 64, () => reads++)
    expect(await readAll(body)).toBe('{"a":1}')
    expect(reads).toBe(1)
  })

  it('reads nothing, and sends no 100 Continue, until the core reads', async () => {
    let reads = 0
    const source = upload(['x'.repeat(10)])
    cappedBody(source as unknown as IncomingMessage, 64, () => reads++)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(reads).toBe(0)
    expect(source.readableLength).toBe(10)
  })

  it('stops at limit + 1 bytes, cutting inside a chunk, and leaves the rest of the upload unread', async () => {
    const source = upload(['0123456789', 'abcdefghij', 'klmnopqrst'])
    const body = cappedBody(source as unknown as IncomingMessage, 14, () => {})
    expect(await readAll(body)).toBe('0123456789abcde')
    expect(source.readableEnded).toBe(false)
  })

  it('passes on a failed upload as an error of the stream', async () => {
    const source = new PassThrough()
    const body = cappedBody(source as unknown as IncomingMessage, 64, () => {})
    const reading = readAll(body)
    source.write('partial')
    source.destroy(new Error('socket hang up'))
    await expect(reading).rejects.toThrow('socket hang up')
  })
})

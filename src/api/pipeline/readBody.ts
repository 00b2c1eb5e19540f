import { ApiError } from '../contract/ApiError.ts'
import type { ApiRequest } from './exchange.ts'

/** The request size limit of the spec, in bytes of the body as sent. */
export const MAX_BODY_BYTES = 65_536

function tooLarge(): ApiError {
  return new ApiError('payload_too_large', `Failed to read the request body: it exceeds ${MAX_BODY_BYTES} bytes.`)
}

/**
 * Reads the body as bytes, refusing with 413 as soon as it passes the limit:
 * on a declared `Content-Length` before reading anything, otherwise while
 * streaming, so an oversized body is never held in memory whole.
 */
export function readBody(request: ApiRequest): Promise<Uint8Array> {
  return readBodyWithin(request, MAX_BODY_BYTES, tooLarge)
}

/** The same, for any limit and refusal (the control API's routes have their own). */
export async function readBodyWithin(request: ApiRequest, limit: number, refuse: () => Error): Promise<Uint8Array> {
  const declared = request.headers.get('content-length')
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit) throw refuse()
  // Firefox's Request has no `body` getter at all (undefined, where other engines say null for
  // no body): taking its absence for an empty body dropped every body the tab's worker handed on.
  if (request.body === undefined) return wholeWithin(request, limit, refuse)
  if (request.body === null) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limit) {
      await reader.cancel().catch(() => {})
      throw refuse()
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

async function wholeWithin(request: ApiRequest, limit: number, refuse: () => Error): Promise<Uint8Array> {
  const bytes = request.arrayBuffer ? new Uint8Array(await request.arrayBuffer()) : new Uint8Array(0)
  if (bytes.byteLength > limit) throw refuse()
  return bytes
}

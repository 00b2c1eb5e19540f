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
export async function readBody(request: ApiRequest): Promise<Uint8Array> {
  const declared = request.headers.get('content-length')
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > MAX_BODY_BYTES) throw tooLarge()
  if (!request.body) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {})
      throw tooLarge()
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

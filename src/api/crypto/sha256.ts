import { toHex } from './encoding.ts'

const encoder = new TextEncoder()

/** Lowercase hex SHA-256 of a UTF-8 string, through Web Crypto (the same in browsers and Node). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(text))
  return toHex(new Uint8Array(digest))
}

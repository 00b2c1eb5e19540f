import canonicalize from 'canonicalize'
import { sha256Hex } from './sha256.ts'

/**
 * SHA-256 of a value's RFC 8785 (JCS) canonical JSON: key order and number
 * formatting are fixed, so equal manifests get equal digests on any machine.
 */
export function manifestDigest(manifest: unknown): string {
  const canonical = canonicalize(manifest)
  if (canonical === undefined) throw new TypeError('Failed to canonicalize "manifest": it has no JSON form')
  return sha256Hex(canonical)
}

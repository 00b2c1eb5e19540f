import type { Violation } from '../contract/violation.ts'

/** Deepest nesting of arrays and objects a body may have. */
export const MAX_JSON_DEPTH = 64

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

function token(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1')
}

/**
 * Finds the first part of a parsed body that is not I-JSON (RFC 7493) or is
 * nested too deep. Such values cannot be canonicalised (RFC 8785) for a
 * digest, and unbounded depth would overflow the stack of any recursive
 * consumer, so they are refused up front as a 400 rather than failing later.
 * Iterative on purpose: the check itself must not recurse.
 */
export function findIJsonViolation(value: unknown): Violation | undefined {
  const stack: { value: unknown; pointer: string; depth: number }[] = [{ value, pointer: '', depth: 0 }]
  while (stack.length > 0) {
    const item = stack.pop()
    if (!item) break
    const { value: current, pointer, depth } = item
    if (typeof current === 'number' && !Number.isFinite(current)) {
      return { pointer, keyword: 'json', message: 'number is outside the range of an IEEE 754 double (I-JSON, RFC 7493)' }
    }
    if (typeof current === 'string' && LONE_SURROGATE.test(current)) {
      return { pointer, keyword: 'json', message: 'string contains a lone surrogate (I-JSON, RFC 7493)' }
    }
    if (typeof current !== 'object' || current === null) continue
    if (depth >= MAX_JSON_DEPTH) {
      return { pointer, keyword: 'json', message: `nesting is deeper than ${MAX_JSON_DEPTH} levels` }
    }
    const entries: [string, unknown][] = Array.isArray(current)
      ? current.map((child, index) => [String(index), child])
      : Object.entries(current)
    for (const [key, child] of entries) {
      const childPointer = `${pointer}/${token(key)}`
      if (LONE_SURROGATE.test(key))
        return { pointer: childPointer, keyword: 'json', message: 'property name contains a lone surrogate (I-JSON, RFC 7493)' }
      stack.push({ value: child, pointer: childPointer, depth: depth + 1 })
    }
  }
  return undefined
}

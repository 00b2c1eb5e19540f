/**
 * What the journal never keeps: a sandbox key however a request spelt it,
 * the admin token wherever it appears, and the value of any header that is
 * a credential by its name.
 */
/**
 * One character of a key as a request may write it: as itself, percent-encoded
 * (once, or twice as `%255F`), or as a JSON `\u` escape. A journal must never
 * hold a key whichever of these spelt it.
 */
const hexOf = (char: string) => char.charCodeAt(0).toString(16).padStart(2, '0')
const spelt = (char: string) => `(?:${char}|%(?:25)?${hexOf(char)}|\\\\u00${hexOf(char)})`
const KEY_CHARACTER = '(?:[A-Za-z0-9_-]|%(?:25)?[0-9A-Fa-f]{2}|\\\\u00[0-9A-Fa-f]{2})'
/** Anything shaped like a sandbox key, however it is encoded. Case-blind for the hex digits; it redacts a little more, never less. */
const KEY_ANYWHERE = new RegExp(`${[...'svc_test_'].map(spelt).join('')}${KEY_CHARACTER}{43}`, 'gi')
/** Cheap first look: text without any spelling of "s" followed by "v" holds no key. */
const MAY_HOLD_KEY = /(?:s|%(?:25)?73|\\u0073)(?:v|%(?:25)?76|\\u0076)/i
export const REDACTED = '[redacted]'
/** The longest a key may be spelt: 52 characters, each up to six (`\u005f`). */
export const KEY_LENGTH = 52 * 6
/**
 * Headers whose whole value is a credential (the admin token in
 * `Proxy-Authorization`, a session cookie, an API key under any name): kept
 * as `[redacted]`, whatever they hold.
 */
export const CREDENTIAL_HEADER =
  /^(?:authorization|proxy-authorization|cookie|set-cookie)$|token|secret|passw|api-?key|auth|session|credential/i

function redactKeys(text: string): string {
  return MAY_HOLD_KEY.test(text) ? text.replace(KEY_ANYWHERE, `svc_test_${REDACTED}`) : text
}

/**
 * The spellings of a secret (the admin token) a request may carry it in: as
 * itself, percent-encoded (a query, a path) and JSON-escaped (a body).
 */
export function secretSpellings(secret: string | undefined): readonly string[] {
  if (!secret) return []
  return [...new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])]
}

/** Keys by their shape, and every spelling of a secret wherever it appears. */
export function redacted(text: string, secrets: readonly string[]): string {
  let kept = redactKeys(text)
  for (const secret of secrets) if (kept.includes(secret)) kept = kept.replaceAll(secret, REDACTED)
  return kept
}

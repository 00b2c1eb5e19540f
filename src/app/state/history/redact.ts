/**
 * Redaction for everything the console keeps or exports. The history must
 * never hold a key: Authorization is replaced by a hint, and any sandbox key
 * that turns up anywhere else (pasted into a body or a header) is masked too.
 */

const KEY_ANYWHERE = /svc_test_[A-Za-z0-9_-]{4,}/g

/** Replaces every sandbox key in a text by `svc_test_[redacted …abcd]`. */
export function redactSecrets(text: string): string {
  return text.replace(KEY_ANYWHERE, (key) => `svc_test_[redacted …${key.slice(-4)}]`)
}

/** Headers fit to keep: Authorization becomes a redacted hint, every value is scrubbed. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    kept[name] =
      name.toLowerCase() === 'authorization' ? `Bearer [redacted${value.length > 4 ? ` …${value.slice(-4)}` : ''}]` : redactSecrets(value)
  }
  return kept
}

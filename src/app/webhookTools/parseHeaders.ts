/**
 * Headers pasted by a user: either a JSON object or raw `name: value` lines
 * (as copied from a request log). Names are lower-cased, as HTTP treats them.
 */
export type ParsedHeaders = { ok: true; headers: Record<string, string> } | { ok: false; reason: string }

function fromJson(text: string): ParsedHeaders {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return { ok: false, reason: `the headers look like JSON but do not parse (${error instanceof Error ? error.message : String(error)})` }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, reason: 'the headers JSON must be an object' }
  const headers: Record<string, string> = {}
  for (const [name, raw] of Object.entries(value)) {
    if (typeof raw !== 'string') return { ok: false, reason: `the header "${name}" must be a string` }
    headers[name.toLowerCase()] = raw
  }
  return { ok: true, headers }
}

/** Reads pasted headers; blank lines are skipped, a line without a colon is an error. */
export function parseHeaders(text: string): ParsedHeaders {
  const trimmed = text.trim()
  if (trimmed.startsWith('{')) return fromJson(trimmed)
  const headers: Record<string, string> = {}
  for (const [index, line] of trimmed.split(/\r?\n/).entries()) {
    if (line.trim() === '') continue
    const colon = line.indexOf(':')
    if (colon <= 0) return { ok: false, reason: `line ${index + 1} is not "name: value"` }
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { ok: true, headers }
}

import { MAX_BODY_BYTES } from '../../api/core.ts'

/** What the body editor says of a body before it is sent, and how loudly. */
export interface BodyCheck {
  tone: 'fine' | 'warning' | 'error'
  text: string
  bytes: number
}

function jsonProblem(text: string): string | undefined {
  if (text.trim() === '') return undefined
  try {
    JSON.parse(text)
    return undefined
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

/**
 * The body's size against the API's limit, and whether it parses. Size comes
 * first: the sandbox reads the length before the JSON, so an oversized body
 * gets 413 whatever its syntax, and that is what the user is about to see.
 * @example checkBody('{"a":1}') // { tone: 'fine', text: 'Valid JSON · 7 bytes of 65,536', bytes: 7 }
 */
export function checkBody(text: string): BodyCheck {
  const bytes = new TextEncoder().encode(text).length
  if (bytes > MAX_BODY_BYTES) {
    return {
      tone: 'warning',
      bytes,
      text: `Too large: ${bytes.toLocaleString('en-US')} bytes (${(bytes / 1024).toFixed(1)} KB), over the ${MAX_BODY_BYTES.toLocaleString('en-US')}-byte limit. Sent as is, the sandbox answers 413 payload_too_large.`,
    }
  }
  const problem = jsonProblem(text)
  if (problem) return { tone: 'error', bytes, text: `Not valid JSON (${problem}); it will be sent as is and the sandbox answers 400.` }
  return { tone: 'fine', bytes, text: `Valid JSON · ${bytes.toLocaleString('en-US')} bytes of ${MAX_BODY_BYTES.toLocaleString('en-US')}` }
}

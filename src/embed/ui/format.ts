/** Small text formatters for the embed's response view. Pure, so they are trivially testable. */
import { RATE_WINDOW_MS } from '../../api/core.ts'

const REASONS: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Content Too Large',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

/** "401 Unauthorized"; the sandbox client does not keep the status text, and the API only uses these. */
export function statusLine(status: number): string {
  return status === 0 ? 'No response' : `${status} ${REASONS[status] ?? ''}`.trim()
}

/** Which colour a status gets: success, client error or server/network trouble. */
export function statusTone(status: number): 'ok' | 'warn' | 'error' {
  if (status >= 200 && status < 300) return 'ok'
  if (status >= 400 && status < 500) return 'warn'
  return 'error'
}

export function formatMs(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`
}

const NUMBER = new Intl.NumberFormat('en')

export function formatBytes(bytes: number): string {
  return `${NUMBER.format(bytes)} bytes`
}

/** UTF-8 size of a body as fetch will send it: the unit of the 64 KB limit. */
export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).byteLength
}

/** A response body for reading: JSON indented, anything else as it came. */
export function prettyBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}

/** Headers the embed calls out because the spec puts them on every response. */
export const RATE_LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after'] as const

/**
 * Whose window the rate-limit headers describe: the key's, or a full, unused
 * one because no key was sent or the key sent was refused (401) and so has
 * no window to show.
 */
export type RateWindowOwner = 'key' | 'no-key' | 'refused-key'

export function rateWindowOwner(keySent: boolean, status: number): RateWindowOwner {
  if (!keySent) return 'no-key'
  return status === 401 ? 'refused-key' : 'key'
}

const UNUSED_WINDOW: Record<Exclude<RateWindowOwner, 'key'>, string> = {
  'no-key': 'no key was sent, so no window is counted: this is a full, unused one',
  'refused-key': 'the key was refused, so its window is not shown: this is a full, unused one',
}

/** What a rate-limit header's value means, in words, for the window `owner` says it is. */
export function explainRateLimitHeader(name: string, value: string, nowMs: number, owner: RateWindowOwner = 'key'): string {
  switch (name) {
    case 'x-ratelimit-limit':
      return owner === 'key' ? 'requests allowed per minute for this key' : 'requests allowed per minute, counted per key'
    case 'x-ratelimit-remaining':
      return owner === 'key' ? 'requests left in the current minute for this key' : UNUSED_WINDOW[owner]
    case 'x-ratelimit-reset': {
      if (owner !== 'key') return 'now: an unused window has nothing to wait for'
      // The header is rounded up to a whole second, so it can read up to 60.99 s ahead; no counted request stays longer than the window.
      const seconds = Math.min(RATE_WINDOW_MS / 1000, Math.max(0, Math.round(Number(value) - nowMs / 1000)))
      return Number.isFinite(seconds)
        ? `Unix time when the oldest counted request leaves the window (in ${seconds} s)`
        : 'Unix time, seconds'
    }
    case 'retry-after':
      return 'seconds to wait before retrying'
    default:
      return ''
  }
}

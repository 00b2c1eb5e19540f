/**
 * Why the API did not give a verdict, in words a user can act on. The editor
 * shows this instead of the last verdict, which would describe other text.
 */
import type { ApiResult } from '../../client/sandboxClient.ts'

export interface ApiRefusal {
  /** Short headline for the status line. */
  title: string
  /** What happened and what to do. */
  detail: string
  /** The HTTP status, 0 when no answer came. */
  status: number
  /** The stable problem code when the API sent one. */
  code: string | null
  /** Seconds until a retry can succeed (429). */
  retryAfterSeconds: number | null
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

function problemField(body: unknown, field: string): string | null {
  return isRecord(body) && typeof body[field] === 'string' ? body[field] : null
}

const KEY_WORDS: Record<string, string> = {
  key_missing: 'No key was sent.',
  key_invalid: 'The sandbox does not know this key.',
  key_expired: 'The key has expired (keys live 180 days by the sandbox clock).',
  key_revoked: 'The key was revoked.',
}

/** Describes a result that is neither a verdict (200) nor a contract violation (422). */
export function describeRefusal(result: ApiResult, operation: string): ApiRefusal {
  const code = problemField(result.body, 'code')
  const detail = problemField(result.body, 'detail')
  const base = { status: result.status, code, retryAfterSeconds: null }
  switch (result.status) {
    case 0:
      return {
        ...base,
        title: 'Sandbox not reachable',
        detail: `Failed to call "${operation}": ${result.networkError ?? 'no answer'}. The in-page worker may have stopped; reload the page.`,
      }
    case 401:
      return {
        ...base,
        title: 'Key refused (401)',
        detail: `${(code && KEY_WORDS[code]) ?? detail ?? 'The key was refused.'} Select or issue another key.`,
      }
    case 403: {
      const scope = problemField(result.body, 'requiredScope')
      return {
        ...base,
        title: 'Scope missing (403)',
        detail: `The selected key lacks ${scope ? `the scope ${scope}` : 'the scope this operation needs'}. Issue a key that has it.`,
      }
    }
    case 413:
      return { ...base, title: 'Manifest too large (413)', detail: 'A request body may be at most 64 KB; shorten the manifest.' }
    case 429: {
      const seconds = Number(result.headers['retry-after'])
      const retryAfterSeconds = Number.isFinite(seconds) && seconds >= 0 ? seconds : null
      return {
        ...base,
        retryAfterSeconds,
        title: 'Rate limited (429)',
        detail: `This key sent more than 120 requests in a minute.${retryAfterSeconds === null ? '' : ` Checking again in ${retryAfterSeconds} s.`}`,
      }
    }
    case 503:
      return {
        ...base,
        title: 'Authorization unavailable (503)',
        detail: 'The sandbox could not confirm the key and stays closed. Turn off the "authorization unavailable" fault in Settings.',
      }
    default:
      return { ...base, title: `Unexpected answer (${result.status})`, detail: detail ?? `The sandbox answered ${result.status}.` }
  }
}

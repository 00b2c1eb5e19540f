/**
 * The console's URL field: a path and query under the API base, checked
 * before anything is sent. The page's fetch reaches the sandbox only under
 * the base; anything else would go to the web server (HTML, or nothing), so
 * it is refused here with a reason rather than sent.
 */
import { BASE_PATH } from '../../api/core.ts'

/** What the console may send: every method fetch can send, for the 404s, 405s and preflights the API documents. */
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const

/** A checked target: `path` is relative to the API base (starts with `/`), `query` is `''` or starts with `?`. */
export type TargetCheck = { ok: true; path: string; query: string } | { ok: false; problem: string }

function refuse(input: string, reason: string): TargetCheck {
  return { ok: false, problem: `Failed to use "${input.slice(0, 80)}" as the URL: ${reason}` }
}

/**
 * Reads what the user typed into the URL field: `/status?x=1`, `status`, the
 * full path `/api/developer/v1/status`, or an absolute URL on this page's
 * origin. The result is what fetch would really send (dot segments resolved).
 * @example parseTarget('/tools?limit=5', 'http://localhost:5173') // { ok: true, path: '/tools', query: '?limit=5' }
 */
export function parseTarget(input: string, origin: string): TargetCheck {
  const text = input.trim()
  if (text === '') return refuse(input, 'it is empty; give a path such as /status.')
  if (/\s/.test(text)) return refuse(input, 'it contains a space; write it as %20.')
  if (text.includes('#')) return refuse(input, 'a fragment (#…) is never sent to a server; remove it.')
  const base = `${origin.replace(/\/$/, '')}${BASE_PATH}`
  let url: URL
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) {
    if (!URL.canParse(text)) return refuse(input, 'it is not a valid URL.')
    url = new URL(text)
    if (url.origin !== new URL(origin).origin) return refuse(input, `the console sends only to this page's sandbox, ${base}.`)
  } else {
    const relative = text.startsWith(`${BASE_PATH}/`) || text === BASE_PATH ? text.slice(BASE_PATH.length) : text
    const rooted = relative.startsWith('/') || relative.startsWith('?') || relative === '' ? relative : `/${relative}`
    if (!URL.canParse(`${base}${rooted}`)) return refuse(input, 'it is not a valid path.')
    url = new URL(`${base}${rooted}`)
  }
  if (!url.pathname.startsWith(`${BASE_PATH}/`)) {
    return refuse(input, `it leads to ${url.pathname}, outside the API base ${BASE_PATH}/, where the sandbox does not answer.`)
  }
  return { ok: true, path: url.pathname.slice(BASE_PATH.length), query: url.search }
}

/** Whether fetch may carry a body with this method. */
export function carriesBody(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD'
}

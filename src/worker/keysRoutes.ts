/**
 * The workspace's key routes under `/_developer-sandbox/keys` (issue, list,
 * revoke), the same paths and bodies serve's admin route answers, as one
 * Fetch function over any persistent core. The token was checked before a
 * request gets here.
 */
import { type IssueKeyOptions, WorkspaceError } from '../api/core.ts'
import type { PersistentCore } from '../persistence/persistentCore.ts'
import { json, problem } from './problem.ts'

export const CONTROL_BASE_PATH = '/_developer-sandbox'
const KEYS_PATH = `${CONTROL_BASE_PATH}/keys`
const REVOKE = /^\/_developer-sandbox\/keys\/([^/]+)\/revoke$/

export function isControlPath(pathname: string): boolean {
  return pathname === CONTROL_BASE_PATH || pathname.startsWith(`${CONTROL_BASE_PATH}/`)
}

export async function handleKeys(request: Request, core: PersistentCore): Promise<Response> {
  const path = new URL(request.url).pathname
  const revoke = path.match(REVOKE)
  try {
    if (path === KEYS_PATH && request.method === 'GET') return json(200, await core.listKeys())
    if (path === KEYS_PATH && request.method === 'POST') {
      let options: unknown
      try {
        options = await request.json()
      } catch {
        return problem(400, 'body_invalid', 'Failed to issue key: the body is not JSON.')
      }
      if (typeof options !== 'object' || options === null || Array.isArray(options))
        return problem(400, 'body_invalid', 'Failed to issue key: the body is not a JSON object.')
      return json(201, await core.issueKey(options as IssueKeyOptions))
    }
    if (revoke && request.method === 'POST') return json(200, await core.revokeKey(decodeURIComponent(revoke[1] ?? '')))
    return problem(404, 'route_not_found', `Failed to find "${request.method} ${path.slice(0, 200)}": no such admin route.`)
  } catch (error) {
    if (!(error instanceof WorkspaceError)) throw error
    return error.code === 'key_not_found'
      ? problem(404, 'key_not_found', error.message)
      : problem(400, 'key_options_invalid', error.message)
  }
}

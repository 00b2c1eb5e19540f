/**
 * The local admin route the `keys` commands use while a server runs: the
 * workspace (issue, list, revoke), which the spec keeps outside the API.
 * Only loopback clients holding the token from the lock file get in, so
 * neither a web page nor another machine can make keys. See docs/decisions/011.
 */
import { timingSafeEqual } from 'node:crypto'
import { type IssueKeyOptions, WorkspaceError } from '../api/core.ts'
import type { PersistentSandbox } from './persistentSandbox.ts'

export const ADMIN_PATH = '/_developer-sandbox/keys'

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } })

const refuse = (status: number, detail: string) => json(status, { status, detail })

function tokenMatches(header: string | null, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer /, '') ?? '')
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export function isAdminPath(pathname: string): boolean {
  return pathname === ADMIN_PATH || pathname.startsWith(`${ADMIN_PATH}/`)
}

export async function handleAdmin(request: Request, remoteAddress: string, token: string, sandbox: PersistentSandbox): Promise<Response> {
  if (!LOOPBACK.test(remoteAddress)) return refuse(403, 'Failed to manage keys: the admin route answers only this machine.')
  if (!tokenMatches(request.headers.get('authorization'), token))
    return refuse(401, 'Failed to manage keys: the admin token is missing or wrong.')
  const path = new URL(request.url).pathname
  const revoke = path.match(/^\/_developer-sandbox\/keys\/([^/]+)\/revoke$/)
  try {
    if (path === ADMIN_PATH && request.method === 'GET') return json(200, await sandbox.listKeys())
    if (path === ADMIN_PATH && request.method === 'POST') {
      let options: IssueKeyOptions
      try {
        options = (await request.json()) as IssueKeyOptions
      } catch {
        return refuse(400, 'Failed to issue key: the body is not JSON.')
      }
      return json(201, await sandbox.issueKey(options))
    }
    if (revoke && request.method === 'POST') return json(200, await sandbox.revokeKey(decodeURIComponent(revoke[1] ?? '')))
    return refuse(404, `Failed to find "${path.slice(0, 200)}": no such admin route.`)
  } catch (error) {
    if (!(error instanceof WorkspaceError)) throw error
    const status = error.code === 'key_not_found' ? 404 : 400
    return json(status, { status, code: error.code, detail: error.message })
  }
}

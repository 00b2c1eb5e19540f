import { issueKey } from '../contract/validators.generated.js'
import type { IssueKeyOptions } from '../workspace/createWorkspace.ts'
import type { ControlContext } from './controlContext.ts'
import { ControlError, jsonResponse } from './controlError.ts'
import { checkBody, readJson } from './readControlBody.ts'
import { asControlError } from './workspaceRefusal.ts'

/**
 * A path segment as its text. A malformed escape (`%E0%A4%A`) names no key
 * any more than a wrong id does, so it is kept as sent and ends as 404, not
 * as the URIError `decodeURIComponent` throws.
 */
function pathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

export const KEYS_PATH = '/keys'
const REVOKE = /^\/keys\/([^/]+)\/revoke$/

/** `GET /keys`, `POST /keys`, `POST /keys/{id}/revoke`: the bodies the `keys` command has always sent and read. */
export async function keysRoute(request: Request, path: string, context: ControlContext): Promise<Response | undefined> {
  const revoke = REVOKE.exec(path)
  try {
    if (path === KEYS_PATH && request.method === 'GET') return jsonResponse(200, await context.workspace.listKeys())
    if (path === KEYS_PATH && request.method === 'POST') {
      const options = checkBody<IssueKeyOptions>(issueKey, await readJson(request, 'issue key'), 'issue key')
      const issued = await context.workspace.issueKey(options)
      await context.persist()
      return jsonResponse(201, issued)
    }
    if (revoke && request.method === 'POST') {
      const revoked = await context.workspace.revokeKey(pathSegment(revoke[1] ?? ''))
      await context.persist()
      return jsonResponse(200, revoked)
    }
  } catch (error) {
    throw asControlError(error)
  }
  if (path === KEYS_PATH || revoke) {
    const allow = revoke ? 'POST' : 'GET, POST'
    throw new ControlError('method_not_allowed', `Failed to ${request.method.slice(0, 20)} "${path}": allowed ${allow}.`, {
      headers: { Allow: allow },
    })
  }
  return undefined
}

/**
 * Which workspace a request is for, and the path it has inside it. The
 * plain paths address the default workspace; `/workspaces/{name}/…` a named
 * one, so a named workspace's URL is a base URL like any other.
 */
import { BASE_PATH, WORKSPACE_NAME_PATTERN } from '../api/core.ts'

export const DEFAULT_WORKSPACE = 'default'
/** Set by the Worker on every request it forwards (a client's own is replaced), read by the object. */
export const WORKSPACE_HEADER = 'X-Sandbox-Workspace'
export const OPENAPI_PATH = '/openapi.json'
const CONTROL_BASE_PATH = '/_developer-sandbox'
const WORKSPACES = '/_developer-sandbox/workspaces'
const ONE_WORKSPACE = /^\/_developer-sandbox\/workspaces\/([^/]*)$/
const NAMED = /^\/workspaces\/([^/]*)(\/.*)?$/
export const WORKSPACE_NAME = new RegExp(WORKSPACE_NAME_PATTERN)

export type WorkspaceRoute =
  | { kind: 'api' | 'control' | 'openapi'; workspace: string; path: string; prefix: string }
  /** `PUT` or `DELETE /_developer-sandbox/workspaces/{name}`: the admin creates or deletes a named workspace. */
  | { kind: 'workspace'; workspace: string }
  /** `GET /_developer-sandbox/workspaces`: the admin lists them. */
  | { kind: 'workspaces' }
  | { kind: 'invalid'; name: string }
  | { kind: 'unknown' }

function inside(workspace: string, path: string, prefix: string): WorkspaceRoute {
  if (path === OPENAPI_PATH) return { kind: 'openapi', workspace, path, prefix }
  if (path.startsWith(`${BASE_PATH}/`)) return { kind: 'api', workspace, path, prefix }
  if (path === CONTROL_BASE_PATH || path.startsWith(`${CONTROL_BASE_PATH}/`)) return { kind: 'control', workspace, path, prefix }
  return { kind: 'unknown' }
}

/** A workspace name as its text; a malformed escape (`%E0%A4%A`) is kept as sent, and so refused as a name like any other bad one. */
function decodedName(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

export function routeOf(pathname: string): WorkspaceRoute {
  if (pathname === WORKSPACES) return { kind: 'workspaces' }
  const one = pathname.match(ONE_WORKSPACE)
  if (one) {
    const name = decodedName(one[1] ?? '')
    if (!WORKSPACE_NAME.test(name)) return { kind: 'invalid', name }
    return { kind: 'workspace', workspace: name }
  }
  const named = pathname.match(NAMED)
  if (!named) return inside(DEFAULT_WORKSPACE, pathname, '')
  const name = decodedName(named[1] ?? '')
  if (!WORKSPACE_NAME.test(name)) return { kind: 'invalid', name }
  return inside(name, named[2] ?? '/', `/workspaces/${name}`)
}

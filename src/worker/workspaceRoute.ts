/**
 * Which workspace a request is for, and the path it has inside it. The
 * plain paths address the default workspace; `/workspaces/{name}/…` a named
 * one, so a named workspace's URL is a base URL like any other.
 */
import { BASE_PATH } from '../api/core.ts'

export const DEFAULT_WORKSPACE = 'default'
/** Set by the Worker on every request it forwards (a client's own is replaced), read by the object. */
export const WORKSPACE_HEADER = 'X-Sandbox-Workspace'
export const OPENAPI_PATH = '/openapi.json'
const CONTROL_BASE_PATH = '/_developer-sandbox'
const CREATE = /^\/_developer-sandbox\/workspaces\/([^/]*)$/
const NAMED = /^\/workspaces\/([^/]*)(\/.*)?$/
/** Lower-case letters, digits and inner hyphens, up to 63: fits a subdomain or a branch-derived name. */
export const WORKSPACE_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

export type WorkspaceRoute =
  | { kind: 'api' | 'control' | 'openapi'; workspace: string; path: string; prefix: string }
  /** `PUT /_developer-sandbox/workspaces/{name}`: the admin creates a named workspace. */
  | { kind: 'create'; workspace: string; path: string; prefix: string }
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
  const create = pathname.match(CREATE)
  if (create) {
    const name = decodedName(create[1] ?? '')
    if (!WORKSPACE_NAME.test(name)) return { kind: 'invalid', name }
    return { kind: 'create', workspace: name, path: `${CONTROL_BASE_PATH}/workspace`, prefix: `/workspaces/${name}` }
  }
  const named = pathname.match(NAMED)
  if (!named) return inside(DEFAULT_WORKSPACE, pathname, '')
  const name = decodedName(named[1] ?? '')
  if (!WORKSPACE_NAME.test(name)) return { kind: 'invalid', name }
  return inside(name, named[2] ?? '/', `/workspaces/${name}`)
}

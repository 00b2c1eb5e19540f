/**
 * The team sandbox's Worker: routes each request to its workspace's Durable
 * Object, answers CORS and the OpenAPI document itself, and lets only
 * holders of the admin token reach the control routes.
 * See docs/decisions/024-team-sandbox-on-workers.md.
 */
import { BASE_PATH, buildOpenApiDocument } from '../api/core.ts'
import { applyCors, type OriginPolicy, parseOriginList } from '../server/cors.ts'
import { type AllowedHosts, HostCheck, parseAllowedHosts } from '../server/hostCheck.ts'
import { answerResponse } from '../server/hostProblem.ts'
import { presentedToken, tokenMatches } from './adminToken.ts'
import { adminTokenOf, type DurableObjectStub, type SandboxEnv } from './platform.ts'
import { answerPlayground } from './playgroundAssets.ts'
import { problem } from './problem.ts'
import { createWorkspace, deleteWorkspace, listWorkspaces, unknownWorkspace, admitted as workspaceAdmitted } from './workspaceAdmin.ts'
import { routeOf, WORKSPACE_HEADER, WORKSPACE_NAME } from './workspaceRoute.ts'

let openApi: ReturnType<typeof buildOpenApiDocument> | undefined
const policies = new Map<string, OriginPolicy>()
const hostChecks = new Map<string, HostCheck>()

/** A deployment's own name is its workers.dev host; a custom domain is added with SANDBOX_ALLOWED_HOSTS. */
const DEFAULT_ALLOWED_HOSTS = '.workers.dev'

const workerHowToAllow = (host: string) =>
  `this team sandbox answers localhost, IP addresses and the hosts SANDBOX_ALLOWED_HOSTS lists (${DEFAULT_ALLOWED_HOSTS} when unset), so a web page on another domain cannot reach a local one by DNS rebinding. To allow "${host}", add it to SANDBOX_ALLOWED_HOSTS.`

/**
 * The Host rule serve applies (`hostCheck.ts`), with `SANDBOX_ALLOWED_HOSTS`
 * in place of `--allowed-hosts`.
 * @throws UsageError when the setting names something that is not a host.
 */
function hostCheck(env: SandboxEnv): HostCheck {
  const setting = env.SANDBOX_ALLOWED_HOSTS?.trim() || DEFAULT_ALLOWED_HOSTS
  let check = hostChecks.get(setting)
  if (!check) {
    const allowed: AllowedHosts = parseAllowedHosts(setting)
    check = new HostCheck(allowed, 'localhost', workerHowToAllow)
    hostChecks.set(setting, check)
  }
  return check
}

/** A stub belongs to the request that made it (workerd refuses I/O across requests), so each request gets its own. */
function workspace(env: SandboxEnv, name: string): DurableObjectStub {
  return env.WORKSPACES.get(env.WORKSPACES.idFromName(name))
}

/** The allowed browser origins, from `SANDBOX_CORS_ORIGINS`; unset, any local dev server, as serve allows. */
function corsPolicy(env: SandboxEnv): OriginPolicy {
  const setting = env.SANDBOX_CORS_ORIGINS?.trim() ?? ''
  let policy = policies.get(setting)
  if (!policy) {
    policy = setting === '' ? 'localhost' : parseOriginList(setting)
    policies.set(setting, policy)
  }
  return policy
}

/** The request as the object sees it: its path inside the workspace, and the workspace's name from the Worker alone. */
function forwarded(request: Request, path: string, name: string, method = request.method): Request {
  const url = new URL(request.url)
  url.pathname = path
  const inner = new Request(url, { method, headers: request.headers, body: request.body })
  inner.headers.set(WORKSPACE_HEADER, name)
  return inner
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  if (Object.keys(headers).length === 0) return response
  const copy = new Response(response.body, response)
  for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value)
  return copy
}

async function admitted(request: Request, env: SandboxEnv): Promise<Response | undefined> {
  const expected = adminTokenOf(env)
  if (!expected)
    return problem(
      503,
      'admin_token_unset',
      'Failed to check the admin token: none is set. Run `npx wrangler secret put DEVELOPER_SANDBOX_ADMIN_TOKEN`.',
    )
  if (!(await tokenMatches(presentedToken(request), expected)))
    return problem(401, 'admin_token_invalid', 'Failed to authorise the admin request: the admin token is missing or wrong.')
  return undefined
}

/** 405 with the methods a workspace route has, as the control API answers a method it lacks. */
function wrongMethod(request: Request, url: URL, allow: string): Response {
  const refusal = problem(405, 'method_not_allowed', `Failed to find "${request.method} ${url.pathname}": it answers ${allow}.`)
  refusal.headers.set('Allow', allow)
  return refusal
}

async function route(request: Request, env: SandboxEnv): Promise<Response> {
  const url = new URL(request.url)
  const refusal = hostCheck(env).refuse(request.headers.get('host') ?? url.host, '1.1', request.headers)
  if (refusal) return answerResponse(refusal)
  const target = routeOf(url.pathname)
  if (target.kind === 'invalid')
    return problem(
      400,
      'workspace_name_invalid',
      `Failed to read the workspace name "${target.name.slice(0, 80)}": use ${WORKSPACE_NAME.source}.`,
    )
  if (target.kind === 'workspace' || target.kind === 'workspaces' || target.kind === 'control') {
    const refusal = await admitted(request, env)
    if (refusal) return refusal
    if (target.kind === 'workspaces') {
      if (request.method === 'GET') return listWorkspaces(env)
      return wrongMethod(request, url, 'GET')
    }
    if (target.kind === 'workspace') {
      if (request.method === 'PUT') return createWorkspace(request, env, target.workspace)
      if (request.method === 'DELETE') return deleteWorkspace(env, target.workspace)
      return wrongMethod(request, url, 'PUT, DELETE')
    }
    if (!(await workspaceAdmitted(env, target.workspace))) return unknownWorkspace(target.workspace)
    return workspace(env, target.workspace).fetch(forwarded(request, target.path, target.workspace))
  }
  const cors = applyCors(request, corsPolicy(env))
  if ('preflight' in cors) return cors.preflight
  if (target.kind === 'unknown' && env.ASSETS) {
    const page = await answerPlayground(request, env.ASSETS, async (name) =>
      (await workspaceAdmitted(env, name)) ? undefined : withHeaders(unknownWorkspace(name), cors.headers),
    )
    if (page) return page
  }
  if (target.kind === 'unknown')
    return withHeaders(
      problem(404, 'route_not_found', `Failed to find "${url.pathname.slice(0, 200)}": the API is under ${BASE_PATH}.`),
      cors.headers,
    )
  if (!(await workspaceAdmitted(env, target.workspace))) return withHeaders(unknownWorkspace(target.workspace), cors.headers)
  if (target.kind === 'openapi' && request.method === 'GET') {
    openApi ??= buildOpenApiDocument()
    const servers = [{ url: `${url.origin}${target.prefix}${BASE_PATH}`, description: 'This team sandbox workspace.' }]
    const body = JSON.stringify({ ...openApi, servers })
    return withHeaders(new Response(body, { headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } }), cors.headers)
  }
  const answer = await workspace(env, target.workspace).fetch(forwarded(request, target.path, target.workspace))
  return withHeaders(answer, cors.headers)
}

export const sandboxWorker = {
  async fetch(request: Request, env: SandboxEnv): Promise<Response> {
    try {
      return await route(request, env)
    } catch (error) {
      const requestId = crypto.randomUUID()
      console.error(`Failed to answer ${request.method} ${request.url} (request ${requestId}):`, error)
      return problem(500, 'internal_error', 'Failed to handle the request: an unexpected error occurred in the team sandbox.', requestId)
    }
  },
}

/**
 * The control API: what a test suite in any language uses to drive the
 * sandbox from outside (reset, clock, faults, the request journal, state,
 * keys). A Fetch function with no host APIs, mounted by every host under
 * `CONTROL_BASE_PATH`; a host adds its own rules (serve: loopback only) in front.
 */
import { StoreError } from '../store/StoreError.ts'
import type { Workspace } from '../workspace/createWorkspace.ts'
import { authoriseControl } from './authoriseControl.ts'
import { clockRoute } from './clockRoutes.ts'
import type { ControlContext } from './controlContext.ts'
import { ControlError, problemResponse } from './controlError.ts'
import { buildControlOpenApiDocument } from './controlOpenApi.ts'
import { faultsRoute } from './faultsRoutes.ts'
import { journalRoute } from './journalRoutes.ts'
import { keysRoute } from './keysRoutes.ts'
import type { SandboxControls } from './sandboxControls.ts'
import { resetRoute, stateRoute } from './stateRoutes.ts'

export const CONTROL_BASE_PATH = '/_developer-sandbox'

const STORE_UNAVAILABLE =
  'Failed to answer the control call: the store is unavailable (another tab may be upgrading or holding the database). Retry shortly.'

export interface ControlHandlerOptions {
  /** The workspace of the sandbox under control (`sandbox.workspace`). */
  workspace: Workspace
  /** The clock, faults and journal that sandbox's core reads (`createSandboxControls`). */
  controls: SandboxControls
  /** The admin token callers present as `Authorization: Bearer <token>`; until there is one, every call answers 503. */
  adminToken: string | (() => string | undefined)
  /** Makes a change durable (reset, state import, keys); the call answers only once it resolves. */
  persist?: () => Promise<void>
  /** Where an unexpected failure is reported, with its request id; `console.error` by default. */
  log?: (message: string, error: unknown) => void
}

export function isControlPath(pathname: string): boolean {
  return pathname === CONTROL_BASE_PATH || pathname.startsWith(`${CONTROL_BASE_PATH}/`)
}

type Route = (request: Request, context: ControlContext) => Promise<Response>

/** Path (below the base) → the methods it answers and its route. */
const ROUTES: Record<string, { methods: readonly string[]; route: Route }> = {
  '/clock': { methods: ['GET', 'PUT', 'DELETE'], route: clockRoute },
  '/faults': { methods: ['GET', 'PUT', 'DELETE'], route: faultsRoute },
  '/requests': { methods: ['GET', 'DELETE'], route: journalRoute },
  '/reset': { methods: ['POST'], route: resetRoute },
  '/state': { methods: ['GET', 'PUT'], route: stateRoute },
}

const OPENAPI_PATH = '/openapi.json'

/** The control document as served: its server is the origin the request reached, as the API's own document names its host. */
function servedAt(origin: string) {
  const document = buildControlOpenApiDocument()
  return { ...document, servers: document.servers.map((server) => ({ ...server, variables: { origin: { default: origin } } })) }
}

export function createControlHandler(options: ControlHandlerOptions): (request: Request) => Promise<Response> {
  const context: ControlContext = {
    workspace: options.workspace,
    controls: options.controls,
    persist: options.persist ?? (async () => {}),
  }
  const token = typeof options.adminToken === 'string' ? () => options.adminToken as string : options.adminToken
  const log = options.log ?? ((message, error) => console.error(message, error))
  // One text per origin the handler is reached at: a host has one or two (localhost and 127.0.0.1).
  const documents = new Map<string, string>()

  async function answer(request: Request): Promise<Response> {
    const url = new URL(request.url)
    const path = url.pathname.slice(CONTROL_BASE_PATH.length) || '/'
    if (path === OPENAPI_PATH && (request.method === 'GET' || request.method === 'HEAD')) {
      const document = documents.get(url.origin) ?? JSON.stringify(servedAt(url.origin))
      if (documents.size < 16) documents.set(url.origin, document)
      return new Response(request.method === 'HEAD' ? null : document, {
        headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
      })
    }
    authoriseControl(request, token())
    const known = ROUTES[path]
    if (known) {
      if (!known.methods.includes(request.method)) {
        const allow = known.methods.join(', ')
        throw new ControlError(
          'method_not_allowed',
          `Failed to ${request.method.slice(0, 20)} "${CONTROL_BASE_PATH}${path}": allowed ${allow}.`,
          {
            headers: { Allow: allow },
          },
        )
      }
      return known.route(request, context)
    }
    const keys = await keysRoute(request, path, context)
    if (keys) return keys
    throw new ControlError('not_found', `Failed to find "${`${CONTROL_BASE_PATH}${path}`.slice(0, 200)}": no such control route.`)
  }

  return async function handle(request: Request): Promise<Response> {
    const requestId = request.headers.get('x-request-id')?.slice(0, 200) || crypto.randomUUID()
    try {
      const response = await answer(request)
      response.headers.set('X-Request-ID', requestId)
      return response
    } catch (error) {
      if (error instanceof ControlError) return problemResponse(error, requestId)
      // The store could not answer (another tab holds a database upgrade, storage failed): no defect of ours, and nothing changed.
      if (error instanceof StoreError) return problemResponse(new ControlError('store_unavailable', STORE_UNAVAILABLE), requestId)
      log(`Failed to answer ${request.method} ${new URL(request.url).pathname} (request ${requestId}):`, error)
      return problemResponse(
        new ControlError('internal_error', 'Failed to answer the control call: an unexpected error occurred.'),
        requestId,
      )
    }
  }
}

/**
 * The sandbox as a local HTTP server: the core's `handle` behind node:http,
 * plus the Host check, CORS, the OpenAPI document and the control API. Every API rule
 * stays in the core; this file only routes.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { BASE_PATH, isControlPath, MAX_BODY_BYTES, STATE_BODY_LIMIT } from '../api/core.ts'
import { type AdminHandover, HANDOVER_PATH } from './adminHandover.ts'
import { answerClientErrors } from './clientErrors.ts'
import { applyCors, type OriginPolicy } from './cors.ts'
import { type AllowedHosts, HostCheck } from './hostCheck.ts'
import { hostProblem, requestIdOf } from './hostProblem.ts'
import { JOURNAL_EVENTS_PATH, type JournalEvents } from './journalEvents.ts'
import { isLoopbackClient, refuseRemoteControl } from './loopbackClient.ts'
import { createServer } from './nodeHttp.ts'
import { toApiRequest, toFetchRequest, writeAnswer, writeFetchResponse } from './nodeHttpAdapter.ts'
import type { PersistentSandbox } from './persistentSandbox.ts'
import type { PlaygroundSite } from './playgroundSite.ts'
import { serverOpenApiDocument } from './serverOpenApi.ts'
import { TurnEnd } from './turnEnd.ts'

export interface SandboxServerOptions {
  sandbox: PersistentSandbox
  cors: OriginPolicy
  /** Hosts answered besides localhost, IP addresses and `boundHost` (see hostCheck.ts). */
  allowedHosts?: AllowedHosts
  /** The `--host` the server listens on: a name given there is answered as a Host too. */
  boundHost?: string
  /** The control API (`createControlHandler`), answered only to this machine. */
  control: (request: Request) => Promise<Response>
  /**
   * The built playground, served at the root (`playgroundSite.ts`), its admin-token hand-over, and the
   * stream that tells it the journal grew (`journalEvents.ts`); all answer this machine only.
   */
  playground?: { site: PlaygroundSite; handover: AdminHandover; journalEvents: JournalEvents }
}

export const OPENAPI_PATH = '/openapi.json'

/** The URL origin of a listening server, e.g. `http://127.0.0.1:4010`. */
export function serverOrigin(server: Server): string {
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('Failed to read the server address: it is not listening on TCP.')
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return `http://${host}:${address.port}`
}

/**
 * The API's 64 KB cap is the spec's; control bodies have their own limits,
 * checked by the control handler per route (a state import takes up to
 * `STATE_BODY_LIMIT`), so the host reads up to the largest of them.
 */
const bodyLimit = (path: string): number => (isControlPath(path) ? STATE_BODY_LIMIT : MAX_BODY_BYTES)

export function createSandboxServer({
  sandbox,
  cors,
  allowedHosts = [],
  boundHost = '127.0.0.1',
  control,
  playground,
}: SandboxServerOptions): Server {
  let origin: string | undefined
  let document: string | undefined
  const turnEnd = new TurnEnd()
  const hosts = new HostCheck(allowedHosts, boundHost)

  async function respond(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    origin ??= serverOrigin(server)
    const { request, path: pathname, unread } = toApiRequest(incoming, outgoing, origin, bodyLimit)
    const refusal = hosts.refuse(incoming.headers.host, incoming.httpVersion, request.headers)
    if (refusal) return writeAnswer(outgoing, refusal, {}, unread())
    if (isControlPath(pathname)) {
      const answer = isLoopbackClient(incoming.socket.remoteAddress)
        ? await control(toFetchRequest(incoming, request))
        : refuseRemoteControl()
      return writeFetchResponse(outgoing, answer, {}, unread())
    }
    if (playground && pathname === JOURNAL_EVENTS_PATH) {
      if (!isLoopbackClient(incoming.socket.remoteAddress)) return writeFetchResponse(outgoing, refuseRemoteControl(), {}, unread())
      return playground.journalEvents.answer(toFetchRequest(incoming, request), outgoing)
    }
    if (playground && !pathname.startsWith(BASE_PATH) && pathname !== OPENAPI_PATH) {
      const page = await answerPlayground(playground, toFetchRequest(incoming, request), pathname, incoming.socket.remoteAddress)
      if (page) return writeFetchResponse(outgoing, page, {}, unread())
    }
    const decision = applyCors(request, cors)
    if ('preflight' in decision) return writeFetchResponse(outgoing, decision.preflight, {}, false)
    if (pathname === OPENAPI_PATH && (request.method === 'GET' || request.method === 'HEAD')) {
      document ??= JSON.stringify(serverOpenApiDocument(origin, cors))
      const headers = {
        'Content-Type': 'application/json',
        'Cache-Control': 'no-store',
        'X-Request-ID': requestIdOf(request.headers.get('x-request-id')),
      }
      return writeAnswer(outgoing, { status: 200, headers, body: document }, decision.headers, unread())
    }
    const answer = await sandbox.answer(request)
    await turnEnd.wait()
    writeAnswer(outgoing, answer, decision.headers, unread())
    // After the answer is written: a page reading the journal on this signal finds the request there.
    playground?.journalEvents.grew()
  }

  // The Host check answers a request without Host itself, as problem details.
  const server = createServer({ keepAliveTimeout: 5000, requireHostHeader: false }, (incoming, outgoing) => {
    respond(incoming, outgoing).catch((error) => {
      const requestId = requestIdOf(undefined)
      console.error(`Failed to answer ${incoming.method} ${incoming.url} (request ${requestId}):`, error)
      if (outgoing.headersSent) {
        outgoing.destroy()
        return
      }
      const detail = 'Failed to handle the request: an unexpected error occurred in the sandbox server.'
      writeAnswer(outgoing, hostProblem('internal_error', detail, requestId), {}, true)
    })
  })
  // node:http's own refusals (malformed bytes, oversized headers, an unknown Expect) as problem details.
  answerClientErrors(server)
  server.on('close', () => playground?.journalEvents.close())
  // Expect: 100-continue is answered only when the core reads the body (see the adapter).
  server.on('checkContinue', (incoming, outgoing) => server.emit('request', incoming, outgoing))
  return server
}

/** The playground's page, assets and hand-over, to this machine only (it manages the sandbox); undefined for any other path. */
async function answerPlayground(
  playground: NonNullable<SandboxServerOptions['playground']>,
  request: Request,
  pathname: string,
  remoteAddress: string | undefined,
): Promise<Response | undefined> {
  if (pathname === HANDOVER_PATH) return isLoopbackClient(remoteAddress) ? playground.handover.answer(request) : refuseRemoteControl()
  return isLoopbackClient(remoteAddress) ? playground.site(request, pathname) : undefined
}

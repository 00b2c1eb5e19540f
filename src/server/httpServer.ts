/**
 * The sandbox as a local HTTP server: the core's `handle` behind node:http,
 * plus CORS, the OpenAPI document and the local admin route. Every API rule
 * stays in the core; this file only routes.
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { BASE_PATH, buildOpenApiDocument, isControlPath, MAX_BODY_BYTES } from '../api/core.ts'
import { applyCors, type OriginPolicy } from './cors.ts'
import { isLoopbackClient, refuseRemoteControl } from './loopbackClient.ts'
import { toApiRequest, toFetchRequest, writeAnswer, writeFetchResponse } from './nodeHttpAdapter.ts'
import type { PersistentSandbox } from './persistentSandbox.ts'
import { TurnEnd } from './turnEnd.ts'

export interface SandboxServerOptions {
  sandbox: PersistentSandbox
  cors: OriginPolicy
  /** The control API (`createControlHandler`), answered only to this machine. */
  control: (request: Request) => Promise<Response>
}

export const OPENAPI_PATH = '/openapi.json'

/** The URL origin of a listening server, e.g. `http://127.0.0.1:4010`. */
export function serverOrigin(server: Server): string {
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('Failed to read the server address: it is not listening on TCP.')
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return `http://${host}:${address.port}`
}

function openApiDocument(origin: string): string {
  return JSON.stringify({
    ...buildOpenApiDocument(),
    servers: [{ url: `${origin}${BASE_PATH}`, description: 'This developer-sandbox server.' }],
  })
}

export function createSandboxServer({ sandbox, cors, control }: SandboxServerOptions): Server {
  let origin: string | undefined
  let document: string | undefined
  const turnEnd = new TurnEnd()

  async function respond(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    origin ??= serverOrigin(server)
    const { request, path: pathname, unread } = toApiRequest(incoming, outgoing, origin, MAX_BODY_BYTES)
    if (isControlPath(pathname)) {
      const answer = isLoopbackClient(incoming.socket.remoteAddress)
        ? await control(toFetchRequest(incoming, request))
        : refuseRemoteControl()
      return writeFetchResponse(outgoing, answer, {}, unread())
    }
    const decision = applyCors(request, cors)
    if ('preflight' in decision) return writeFetchResponse(outgoing, decision.preflight, {}, false)
    if (pathname === OPENAPI_PATH && request.method === 'GET') {
      document ??= openApiDocument(origin)
      const headers = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }
      return writeAnswer(outgoing, { status: 200, headers, body: document }, decision.headers, unread())
    }
    const answer = await sandbox.answer(request)
    await turnEnd.wait()
    writeAnswer(outgoing, answer, decision.headers, unread())
  }

  const server = createServer({ keepAliveTimeout: 5000 }, (incoming, outgoing) => {
    respond(incoming, outgoing).catch((error) => {
      const requestId = randomUUID()
      console.error(`Failed to answer ${incoming.method} ${incoming.url} (request ${requestId}):`, error)
      if (outgoing.headersSent) {
        outgoing.destroy()
        return
      }
      outgoing.writeHead(500, { 'Content-Type': 'application/problem+json', 'X-Request-ID': requestId, Connection: 'close' })
      outgoing.end(
        JSON.stringify({
          type: 'urn:developer-sandbox:problem:internal_error',
          title: 'Internal Server Error',
          status: 500,
          code: 'internal_error',
          detail: 'Failed to handle the request: an unexpected error occurred in the sandbox server.',
          requestId,
        }),
      )
    })
  })
  // Expect: 100-continue is answered only when the core reads the body (see the adapter).
  server.on('checkContinue', (incoming, outgoing) => server.emit('request', incoming, outgoing))
  return server
}

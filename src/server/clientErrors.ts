/**
 * The answers node:http would give on its own, before any handler runs (a
 * bare 400, 408, 413, 417 or 431 with no body and no request id), given
 * instead as problem details through the hosts' one error path.
 */
import type { Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type { ApiAnswer } from '../api/core.ts'
import { type HostProblemCode, hostProblem, requestIdOf } from './hostProblem.ts'
import { STATUS_CODES } from './nodeHttp.ts'

/** A request line whose method is a token: the method is unknown, not the bytes malformed. */
const REQUEST_LINE = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+ [^\s]+ HTTP\/1\.[01]\r?\n/

/** What a parse error means to the client: the code and its detail. */
function meaning(error: NodeJS.ErrnoException & { rawPacket?: Buffer }): [HostProblemCode, string] {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return ['headers_too_large', 'Failed to read the request: its header section is over 16 KB. Send shorter headers.']
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return ['request_timeout', 'Failed to read the request: it did not arrive in time. Send it again.']
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return ['payload_too_large', 'Failed to read the request: its chunk extensions are too large.']
    case 'HPE_INVALID_METHOD': {
      const packet = error.rawPacket?.subarray(0, 2048).toString('latin1') ?? ''
      if (REQUEST_LINE.test(packet)) {
        const method = packet.slice(0, packet.indexOf(' ')).slice(0, 40)
        return ['method_not_implemented', `Failed to handle "${method}": the sandbox answers GET, HEAD, POST and OPTIONS.`]
      }
      return ['malformed_request', 'Failed to read the request: it is not an HTTP/1.1 request.']
    }
    case 'HPE_INVALID_TRANSFER_ENCODING':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return [
        'malformed_request',
        'Failed to read the request: it declares its body length twice (Content-Length with Transfer-Encoding) or in a way HTTP/1.1 forbids.',
      ]
    default:
      return ['malformed_request', `Failed to read the request: it is not valid HTTP/1.1 (${String(error.code ?? 'parse error')}).`]
  }
}

/** An answer as the bytes of an HTTP/1.1 response that closes the connection. */
export function rawResponse(answer: ApiAnswer): string {
  const body = answer.body ?? ''
  const lines = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`]
  for (const [name, value] of Object.entries(answer.headers)) lines.push(`${name}: ${value}`)
  lines.push(`Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close')
  return `${lines.join('\r\n')}\r\n\r\n${body}`
}

/** Answers what node:http refuses by itself as problem details with a request id. */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    // A reset connection, or one whose response has begun, has no one to tell (node:http's own rule).
    const inFlight = (socket as Duplex & { _httpMessage?: { _headerSent?: boolean } })._httpMessage
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?._headerSent) {
      socket.destroy()
      return
    }
    const [code, detail] = meaning(error)
    socket.end(rawResponse(hostProblem(code, detail, requestIdOf(undefined))))
  })
  // An `Expect` other than 100-continue (which the adapter answers when the body is read).
  server.on('checkExpectation', (incoming, outgoing) => {
    const expectation = String(incoming.headers.expect ?? '').slice(0, 100)
    const answer = hostProblem(
      'expectation_failed',
      `Failed to meet "Expect: ${expectation}": the sandbox understands only Expect: 100-continue.`,
      requestIdOf(incoming.headers['x-request-id'] as string | undefined),
    )
    const body = answer.body ?? ''
    outgoing.writeHead(answer.status, { ...answer.headers, 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' })
    outgoing.end(body)
  })
}

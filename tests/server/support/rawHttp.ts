/** Raw bytes over a TCP socket: for requests no HTTP client will send (bad framing, no Host, odd methods). */
import { connect } from 'node:net'

export interface RawResponse {
  status: number
  /** Header names lower-cased; a repeated header's values joined with ", ". */
  headers: Record<string, string>
  body: string
  /** Everything the server sent, interim responses (100 Continue) included. */
  raw: string
  /** Whether the server closed the connection after answering. */
  closed: boolean
}

/** The last response in `raw` (after any 1xx), split into status, headers and body. */
export function parseResponse(raw: string, closed: boolean): RawResponse {
  let rest = raw
  let head = ''
  do {
    const end = rest.indexOf('\r\n\r\n')
    head = end < 0 ? rest : rest.slice(0, end)
    rest = end < 0 ? '' : rest.slice(end + 4)
  } while (/^HTTP\/1\.1 1\d\d /.test(head) && rest.length > 0)
  const [statusLine = '', ...lines] = head.split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    const name = line.slice(0, colon).toLowerCase()
    const value = line.slice(colon + 1).trim()
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest, raw, closed }
}

/**
 * Sends `bytes` and collects what comes back until the server closes the
 * connection or sends nothing for `quietMs` after a complete response.
 */
export function rawExchange(port: number, bytes: string | Buffer, quietMs = 300): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes))
    let raw = ''
    let timer: NodeJS.Timeout | undefined
    const finish = (closed: boolean) => {
      clearTimeout(timer)
      socket.destroy()
      resolve(parseResponse(raw, closed))
    }
    socket.on('data', (chunk: Buffer) => {
      raw += chunk.toString('latin1')
      clearTimeout(timer)
      timer = setTimeout(() => finish(false), quietMs)
    })
    socket.on('end', () => finish(true))
    socket.on('error', (error) => (raw ? finish(true) : reject(error)))
  })
}

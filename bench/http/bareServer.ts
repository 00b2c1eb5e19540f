/**
 * The floor of this machine: node:http answering a fixed JSON body of the
 * size of `GET /status`, no work at all. Prints its port on the first line.
 */
import { createServer } from 'node:http'

const body = Buffer.from(
  JSON.stringify({
    project: { id: 'prj_0123456789abcdef', app: 'playground' },
    environment: 'sandbox',
    scopes: ['status.read'],
    apiVersion: '2026-08-12',
    key: { id: 'key_0123456789abcdef', lastFour: 'abcd', expiresAt: '2027-01-01T00:00:00.000Z' },
  }),
)
const server = createServer((_request, response) => {
  response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.byteLength })
  response.end(body)
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))

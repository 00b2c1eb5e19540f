// The floor of serve's first answer: plain JavaScript (as the installed package runs its compiled CLI) that
// listens with node:http on a free port, prints its origin and answers every request with a fixed 200 JSON body.
import { createServer } from 'node:http'

const body = Buffer.from('{"environment":"sandbox","scopes":["status.read"]}')
const server = createServer((_request, response) => {
  response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.byteLength })
  response.end(body)
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.stdout.write(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}\n`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))

/**
 * The floor of this machine: node:http answering, with no work at all, the
 * bytes `serve` answers to `GET /status`: its status line, every header the
 * API must send (request id, rate-limit headers, content type) and its body,
 * captured from serve once and given here as JSON in `BARE_ANSWER`
 * (`{ headers: [[name, value], …], body }`). A floor that wrote only a body
 * measured less than the product must carry. Prints its port on the first line.
 */
import { createServer } from 'node:http'

interface Answer {
  headers: [string, string][]
  body: string
}

const answer = JSON.parse(process.env.BARE_ANSWER ?? '') as Answer
const body = Buffer.from(answer.body)
// A flat name, value list, as serve writes its own (src/server/nodeHttpAdapter.ts).
const headers = [...answer.headers.flat(), 'Content-Length', String(body.byteLength)]
const server = createServer((_request, response) => {
  response.writeHead(200, headers)
  response.end(body)
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))

/**
 * What serve takes from node:http, taken without the ES module facade: an
 * `import … from 'node:http'` makes Node read every export, and three of
 * them (WebSocket and its events) load undici, Node's fetch, which the
 * server never uses. That took a fifth of serve's time to its first answer.
 */
export const { createServer, STATUS_CODES } = process.getBuiltinModule('node:http')

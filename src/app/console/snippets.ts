/**
 * The console's request as code to paste elsewhere. Snippets never contain
 * the key: they read it from SANDBOX_API_KEY, because a key belongs on a
 * server, not in a clipboard, a chat or client code.
 */
import { apiBaseUrl } from '../../client/sandboxClient.ts'
import type { ConsoleRequest } from '../state/history/historyEntry.ts'
import { operationById } from '../ui/operations.ts'

const KEY_ENV = 'SANDBOX_API_KEY'

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`
const jsString = (text: string) => JSON.stringify(text)

function parsedBody(body: string | undefined): { json: unknown } | undefined {
  if (body === undefined || body.trim() === '') return undefined
  try {
    return { json: JSON.parse(body) }
  } catch {
    return undefined
  }
}

const indent = (text: string, by: string) => text.replace(/\n/g, `\n${by}`)

function url(request: ConsoleRequest, origin: string): string {
  return `${apiBaseUrl(origin)}${operationById(request.operationId).path}`
}

export function toCurl(request: ConsoleRequest, origin: string): string {
  const operation = operationById(request.operationId)
  const lines = [`curl -X ${operation.method} ${shellQuote(url(request, origin))}`, `-H "Authorization: Bearer $${KEY_ENV}"`]
  if (request.body !== undefined) lines.push(`-H ${shellQuote('Content-Type: application/json')}`)
  for (const [name, value] of Object.entries(request.headers)) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`)
  if (request.body !== undefined) {
    const json = parsedBody(request.body)
    lines.push(`--data-raw ${shellQuote(json ? JSON.stringify(json.json) : request.body)}`)
  }
  return lines.join(' \\\n  ')
}

export function toFetch(request: ConsoleRequest, origin: string): string {
  const operation = operationById(request.operationId)
  const headers = [`Authorization: \`Bearer \${process.env.${KEY_ENV}}\``]
  if (request.body !== undefined) headers.push(`'Content-Type': 'application/json'`)
  for (const [name, value] of Object.entries(request.headers)) headers.push(`${jsString(name)}: ${jsString(value)}`)
  const init = [`method: '${operation.method}'`, `headers: {\n    ${headers.join(',\n    ')},\n  }`]
  if (request.body !== undefined) {
    const json = parsedBody(request.body)
    init.push(json ? `body: JSON.stringify(${indent(JSON.stringify(json.json, null, 2), '  ')})` : `body: ${jsString(request.body)}`)
  }
  return [
    `const response = await fetch(${jsString(url(request, origin))}, {`,
    `  ${init.join(',\n  ')},`,
    '})',
    "const body = response.headers.get('content-type')?.includes('json') ? await response.json() : await response.text()",
    'if (!response.ok) console.error(response.status, body)',
  ].join('\n')
}

/** As a call of the typed client (`developer-sandbox/client`), which returns errors as data. */
export function toClientCall(request: ConsoleRequest, origin: string): string {
  const options: string[] = []
  if (Object.keys(request.headers).length > 0) options.push(`headers: ${JSON.stringify(request.headers)}`)
  const json = parsedBody(request.body)
  let call: string
  const body = json?.json
  const onlyKey = (name: string) => typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).join() === name
  const opts = options.length > 0 ? `{ ${options.join(', ')} }` : ''
  if (request.body === undefined) {
    call = `client.${request.operationId}(${opts})`
  } else if ((request.operationId === 'validateTool' || request.operationId === 'previewTool') && onlyKey('manifest')) {
    const manifest = (body as { manifest: unknown }).manifest
    call = `client.${request.operationId}(${JSON.stringify(manifest, null, 2)}${opts ? `, ${opts}` : ''})`
  } else if (request.operationId === 'createWebhookTest' && (onlyKey('message') || onlyKey(''))) {
    const message = (body as { message?: unknown }).message
    call = `client.createWebhookTest(${message === undefined ? 'undefined' : JSON.stringify(message)}${opts ? `, ${opts}` : ''})`
  } else {
    // A body the named method would not produce (extra fields, broken JSON) goes through call() as is.
    const raw = json ? `body: ${JSON.stringify(body, null, 2)}` : `rawBody: ${jsString(request.body)}`
    call = `client.call('${request.operationId}', { ${[...options, raw].join(', ')} })`
  }
  return [
    "import { createSandboxClient } from 'developer-sandbox/client'",
    '',
    `const client = createSandboxClient({ origin: ${jsString(origin)}, key: process.env.${KEY_ENV} })`,
    `const result = await ${call}`,
    '// Errors are data, never thrown: branch on result.status and result.body.code.',
    'if (!result.ok) console.error(result.status, result.body)',
  ].join('\n')
}

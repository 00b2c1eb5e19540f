/**
 * The console's request as code to paste elsewhere. Snippets never contain
 * the key: they read it from SANDBOX_API_KEY, because a key belongs on a
 * server, not in a clipboard, a chat or client code.
 */
import { BASE_PATH } from '../../api/core.ts'
import type { ConsoleRequest } from '../state/history/historyEntry.ts'
import { operationAt } from '../ui/operations.ts'

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

/** The request's URL under an API base such as `http://localhost:5173/api/developer/v1`. */
function url(request: ConsoleRequest, apiBase: string): string {
  return `${apiBase.replace(/\/$/, '')}${request.path}`
}

/**
 * curl, with `-i` so the status line and headers (the rate limit, the request
 * id) print above the body, and `--fail-with-body` left out on purpose: an
 * error answer is printed, as the API documents it.
 */
export function toCurl(request: ConsoleRequest, apiBase: string): string {
  const lines = [`curl -i -X ${request.method} ${shellQuote(url(request, apiBase))}`, `-H "Authorization: Bearer $${KEY_ENV}"`]
  if (request.body !== undefined) lines.push(`-H ${shellQuote('Content-Type: application/json')}`)
  for (const [name, value] of Object.entries(request.headers)) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`)
  if (request.body !== undefined) {
    const json = parsedBody(request.body)
    lines.push(`--data-raw ${shellQuote(json ? JSON.stringify(json.json) : request.body)}`)
  }
  return lines.join(' \\\n  ')
}

export function toFetch(request: ConsoleRequest, apiBase: string): string {
  const headers = [`Authorization: \`Bearer \${process.env.${KEY_ENV}}\``]
  if (request.body !== undefined) headers.push(`'Content-Type': 'application/json'`)
  for (const [name, value] of Object.entries(request.headers)) headers.push(`${jsString(name)}: ${jsString(value)}`)
  const init = [`method: '${request.method}'`, `headers: {\n    ${headers.join(',\n    ')},\n  }`]
  if (request.body !== undefined) {
    const json = parsedBody(request.body)
    init.push(json ? `body: JSON.stringify(${indent(JSON.stringify(json.json, null, 2), '  ')})` : `body: ${jsString(request.body)}`)
  }
  return [
    `const response = await fetch(${jsString(url(request, apiBase))}, {`,
    `  ${init.join(',\n  ')},`,
    '})',
    "const body = response.headers.get('content-type')?.includes('json') ? await response.json() : await response.text()",
    'if (!response.ok) console.error(response.status, body)',
  ].join('\n')
}

/** As a call of the typed client (`developer-sandbox/client`), which returns errors as data. */
export function toClientCall(request: ConsoleRequest, apiBase: string): string {
  const origin = apiBase.replace(/\/$/, '').replace(new RegExp(`${BASE_PATH}$`), '')
  const [pathOnly = '', query] = request.path.split('?')
  const operationId = query === undefined ? operationAt(request.method, pathOnly) : null
  const options: string[] = []
  if (Object.keys(request.headers).length > 0) options.push(`headers: ${JSON.stringify(request.headers)}`)
  const json = parsedBody(request.body)
  let call: string
  const body = json?.json
  const onlyKey = (name: string) => typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).join() === name
  const opts = options.length > 0 ? `{ ${options.join(', ')} }` : ''
  if (operationId === null) {
    // A route the API does not have, or a query: the client's send() takes any method and path.
    const body =
      request.body === undefined ? [] : [json ? `body: ${JSON.stringify(json.json, null, 2)}` : `rawBody: ${jsString(request.body)}`]
    call = `client.send({ ${[`method: ${jsString(request.method)}`, `path: ${jsString(request.path)}`, ...options, ...body].join(', ')} })`
  } else if (request.body === undefined) {
    call = `client.${operationId}(${opts})`
  } else if ((operationId === 'validateTool' || operationId === 'previewTool') && onlyKey('manifest')) {
    const manifest = (body as { manifest: unknown }).manifest
    call = `client.${operationId}(${JSON.stringify(manifest, null, 2)}${opts ? `, ${opts}` : ''})`
  } else if (operationId === 'createWebhookTest' && (onlyKey('message') || onlyKey(''))) {
    const message = (body as { message?: unknown }).message
    call = `client.createWebhookTest(${message === undefined ? 'undefined' : JSON.stringify(message)}${opts ? `, ${opts}` : ''})`
  } else {
    // A body the named method would not produce (extra fields, broken JSON) goes through call() as is.
    const raw = json ? `body: ${JSON.stringify(body, null, 2)}` : `rawBody: ${jsString(request.body)}`
    call = `client.call('${operationId}', { ${[...options, raw].join(', ')} })`
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

const pyString = (text: string) => JSON.stringify(text)

/**
 * Python with the standard library only (`urllib`), so it runs with no
 * install. An error status raises HTTPError, whose body is the problem
 * details: printed, and the script exits non-zero.
 */
export function toPython(request: ConsoleRequest, apiBase: string): string {
  const headers = [`"Authorization": "Bearer " + os.environ["${KEY_ENV}"]`]
  if (request.body !== undefined) headers.push('"Content-Type": "application/json"')
  for (const [name, value] of Object.entries(request.headers)) headers.push(`${pyString(name)}: ${pyString(value)}`)
  const lines = ['import json, os, sys, urllib.error, urllib.request', '']
  if (request.body !== undefined) {
    const json = parsedBody(request.body)
    lines.push(json ? `body = json.dumps(${pyLiteral(json.json)}).encode()` : `body = ${pyString(request.body)}.encode()`)
  }
  lines.push(
    'request = urllib.request.Request(',
    `    ${pyString(url(request, apiBase))},`,
    `    method=${pyString(request.method)},`,
    `    headers={${headers.join(', ')}},`,
    ...(request.body !== undefined ? ['    data=body,'] : []),
    ')',
    'try:',
    '    with urllib.request.urlopen(request) as response:',
    '        print(response.status, response.read().decode())',
    'except urllib.error.HTTPError as error:',
    '    print(error.code, error.read().decode(), file=sys.stderr)',
    '    sys.exit(1)',
  )
  return lines.join('\n')
}

/** A JSON value as a Python literal (true/false/null differ; strings and numbers read the same). */
function pyLiteral(value: unknown): string {
  if (value === null) return 'None'
  if (value === true) return 'True'
  if (value === false) return 'False'
  if (typeof value === 'string' || typeof value === 'number') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(pyLiteral).join(', ')}]`
  if (typeof value === 'object')
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${pyString(key)}: ${pyLiteral(item)}`)
      .join(', ')}}`
  return 'None'
}

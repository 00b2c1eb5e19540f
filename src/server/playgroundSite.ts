/**
 * The built playground, served by `serve` at its own root: the same app as
 * the static site, marked so it talks to this server's sandbox instead of
 * starting one in the tab. Only the app's page and its assets are served;
 * the pages that run a sandbox of their own (reference, embed) and the mock
 * service worker are not, so no worker can take over this origin.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Where the package keeps the built playground, beside the compiled server. */
export const PACKAGED_PLAYGROUND = fileURLToPath(new URL('../playground/', import.meta.url))

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
}

/** What a page of the admin UI must not allow: being framed, sniffed or followed by a referrer. */
const PAGE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'",
}

/** Files of the static site that run their own sandbox in the page; on a host's origin they would compete with it. */
const NOT_SERVED = new Set(['mockServiceWorker.js', 'reference.html', 'embed.html', 'gallery.html'])

export type PlaygroundSite = (request: Request, pathname: string) => Promise<Response | undefined>

/**
 * Serves the playground built into `folder`, or returns undefined when there
 * is none there. `mark` is the host the page talks to, written into the page
 * as `<meta name="developer-sandbox-host">`.
 * @example
 * const site = playgroundSite(PACKAGED_PLAYGROUND, { kind: 'serve' })
 */
export function playgroundSite(folder: string, mark: Record<string, string>): PlaygroundSite | undefined {
  const root = resolve(folder)
  const indexFile = join(root, 'index.html')
  if (!existsSync(indexFile)) return undefined
  const content = JSON.stringify(mark).replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')
  const index = readFileSync(indexFile, 'utf8').replace('<head>', `<head>\n    <meta name="developer-sandbox-host" content="${content}" />`)
  return async (request, pathname) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
    const body = (text: string | Uint8Array<ArrayBuffer>) => (request.method === 'HEAD' ? null : text)
    if (pathname === '/' || pathname === '/index.html') {
      return new Response(body(index), { headers: { 'Content-Type': TYPES['.html'] ?? '', 'Cache-Control': 'no-cache', ...PAGE_HEADERS } })
    }
    let relative: string
    try {
      relative = decodeURIComponent(pathname.slice(1))
    } catch {
      return undefined
    }
    if (NOT_SERVED.has(relative) || relative.includes('\0')) return undefined
    const file = resolve(root, relative)
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) return undefined
    const type = TYPES[extname(file)] ?? 'application/octet-stream'
    // Vite names every asset by its content: a changed build is a new name.
    const cache = relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'
    return new Response(body(new Uint8Array(await readFile(file))), {
      headers: { 'Content-Type': type, 'Cache-Control': cache, 'X-Content-Type-Options': 'nosniff' },
    })
  }
}

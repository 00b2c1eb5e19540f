/**
 * The playground, served by the team sandbox for each workspace at
 * `/workspaces/<name>/`: the built app from the Worker's static assets, its
 * page marked with the workspace it manages. Only the app's page and assets
 * are served; the mock service worker never is, so no worker can take over
 * the team sandbox's origin.
 */
import { wantsPage, workspaceGonePage } from './workspaceGonePage.ts'
import { WORKSPACE_NAME } from './workspaceRoute.ts'

/** The Workers static-assets binding (`assets.binding` in wrangler.jsonc), by its shape. */
export interface AssetsBinding {
  fetch(request: Request): Promise<Response>
}

const PAGE = /^\/workspaces\/([^/]+)\/$/
const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-cache',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'",
}

function asset(request: Request, assets: AssetsBinding, path: string): Promise<Response> {
  const url = new URL(request.url)
  url.pathname = path
  return assets.fetch(new Request(url, { method: request.method, headers: request.headers }))
}

/** Whether the workspace `name` exists, or its refusal: a name never created gets no page, as it gets no API. */
export type WorkspaceAdmission = (name: string) => Promise<Response | undefined>

/** The page or asset a path names, or undefined for any other path (the Worker answers those as before). */
export async function answerPlayground(request: Request, assets: AssetsBinding, admit: WorkspaceAdmission): Promise<Response | undefined> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  const { pathname } = new URL(request.url)
  if (pathname.startsWith('/assets/')) return asset(request, assets, pathname)
  const page = pathname.match(PAGE)
  const inside = pathname.match(/^\/workspaces\/([^/]+)\/prepaint\.js$/)
  if (inside && WORKSPACE_NAME.test(inside[1] ?? '')) return (await admit(inside[1] ?? '')) ?? asset(request, assets, '/prepaint.js')
  if (!page || !WORKSPACE_NAME.test(page[1] ?? '')) return undefined
  const name = page[1] ?? ''
  const refused = await admit(name)
  if (refused) {
    // A person reloading the page of a deleted workspace reads why, not problem details.
    if (!wantsPage(request)) return refused
    const { detail } = (await refused.clone().json()) as { detail?: string }
    return workspaceGonePage(request, name, detail ?? `The workspace "${name}" does not exist.`)
  }
  const index = await asset(request, assets, '/index.html')
  if (!index.ok) return undefined
  const mark = JSON.stringify({ kind: 'workspace', name, base: `/workspaces/${name}/` }).replaceAll('"', '&quot;')
  const html = (await index.text()).replace('<head>', `<head>\n    <meta name="developer-sandbox-host" content="${mark}" />`)
  return new Response(request.method === 'HEAD' ? null : html, { headers: PAGE_HEADERS })
}

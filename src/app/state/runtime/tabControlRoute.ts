import { http } from 'msw'
import { CONTROL_BASE_PATH } from '../../../api/core.ts'

/**
 * The control API on the page's own origin (`<site>/_developer-sandbox/*`),
 * answered by this tab's service worker as `serve` answers it over HTTP, so
 * the page reaches its tab's sandbox the way it would reach a remote one
 * (docs/decisions/041-one-client-for-every-host.md). Only the site's own
 * origin matches: a call to another host's control API passes through.
 */
export function tabControlRoute(siteUrl: URL, handle: (request: Request) => Promise<Response>) {
  const base = new URL(CONTROL_BASE_PATH.slice(1), siteUrl)
  return http.all(`${base.href}/*`, async ({ request }) => {
    // The handler reads its routes below `/_developer-sandbox` at the root; a site under a sub-path mounts it lower.
    const url = new URL(request.url)
    url.pathname = `${CONTROL_BASE_PATH}${url.pathname.slice(base.pathname.length)}`
    const carriesBody = request.method !== 'GET' && request.method !== 'HEAD'
    const body = carriesBody ? await request.arrayBuffer() : null
    return handle(new Request(url, { method: request.method, headers: request.headers, body }))
  })
}

/**
 * A stand-in for someone else's docs site, on another site than the
 * sandbox's (127.0.0.1 framing localhost): three live examples through
 * embed.js and the API reference in a frame, as docs/docs-sites.md tells
 * a docs author to paste them.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export const FRAMED_EXAMPLES = [
  { id: 'get-status', status: '200' },
  { id: 'validate-tool', status: '200' },
  { id: 'rate-limited', status: '429' },
] as const

function docsPage(site: URL): string {
  const examples = FRAMED_EXAMPLES.map(({ id }) => `<div data-sandbox-example="${id}"></div>`).join('\n    ')
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Another site's docs</title></head>
  <body>
    <h1>Docs on another site</h1>
    ${examples}
    <iframe id="reference" src="${new URL('reference.html', site).href}" title="Developer Sandbox API reference" sandbox="allow-scripts allow-same-origin" referrerpolicy="no-referrer" style="display:block;width:100%;height:900px;border:0"></iframe>
    <script src="${new URL('embed.js', site).href}" async></script>
  </body>
</html>`
}

export interface DocsHost {
  /** The docs page's address. */
  url: string
  close(): Promise<void>
}

export async function startDocsHost(site: URL): Promise<DocsHost> {
  const page = docsPage(site)
  const server = createServer((request, response) => {
    const found = request.url === '/'
    response.writeHead(found ? 200 : 404, {
      'Content-Type': found ? 'text/html; charset=utf-8' : 'text/plain',
      'Cache-Control': 'no-store',
    })
    response.end(found ? page : 'Not found')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}

/**
 * Someone else's docs page for the embed benchmark: served on `localhost`
 * while the embeds come from the sandbox site on 127.0.0.1, a different site,
 * as a docs page on another domain would frame them.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { EXAMPLE_INDEX, type ExampleId } from '../../src/embed/exampleIndex.ts'

export interface HostPages {
  /**
   * The page with `count` examples; `belowTheFold` puts them under a tall introduction, out of view; `loader`
   * is the path of the loader on the sandbox site (`embed.js` unless said), which frames `embed.html` beside it.
   */
  url(count: number, options?: { belowTheFold?: boolean; loader?: string }): string
  close(): Promise<void>
}

/**
 * Paragraphs between the examples, as on a docs page: text that moves if an example above it changes height.
 * Each placeholder is the gallery's snippet, which holds the example's height from the first paint.
 */
function page(siteUrl: string, ids: readonly string[], belowTheFold: boolean, loader: string): string {
  const sections = ids
    .map(
      (id, index) =>
        `<section><h2>Example ${index + 1}</h2><p>Each request below runs against a sandbox of its own.</p><div data-sandbox-example="${id}" style="min-height:${EXAMPLE_INDEX[id as ExampleId]?.height ?? 360}px"></div></section>`,
    )
    .join('\n')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs</title><link rel="icon" href="data:,">
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif}main{display:grid;grid-template-columns:repeat(2,720px);gap:0 24px;padding:0 16px}h2{margin:8px 0 0;font-size:18px}p{margin:4px 0 8px}.intro{height:${belowTheFold ? 4000 : 0}px}</style>
<script>window.__layoutShift=0;new PerformanceObserver((list)=>{for(const entry of list.getEntries())if(!entry.hadRecentInput)window.__layoutShift+=entry.value}).observe({type:'layout-shift',buffered:true})</script>
</head><body><div class="intro"></div><main>
${sections}
</main><script src="${new URL(loader, siteUrl).href}" async></script></body></html>`
}

export async function startHostPages(siteUrl: string, exampleIds: readonly string[]): Promise<HostPages> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const count = Number(url.searchParams.get('count') ?? '1')
    const ids = Array.from({ length: count }, (_, index) => exampleIds[index % exampleIds.length] ?? 'get-status')
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
    response.end(page(siteUrl, ids, url.searchParams.has('below'), url.searchParams.get('loader') ?? 'embed.js'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: (count, options = {}) =>
      `http://localhost:${port}/?count=${count}${options.belowTheFold ? '&below' : ''}${options.loader ? `&loader=${encodeURIComponent(options.loader)}` : ''}`,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}

import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { IndexHtmlTransformContext, ResolvedConfig } from 'vite'
import { describe, expect, it } from 'vitest'
import { frameMarkup } from '../../src/app/frame/frameMarkup.tsx'
import { prerenderFrame } from '../../src/build/prerenderFrame.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const page = (body: string) => `<!doctype html><html><head></head><body>${body}</body></html>`

/** The plugin's HTML transform, as the build calls it for the file `filename`. */
function transform(filename: string, html: string) {
  const plugin = prerenderFrame()
  const configResolved = plugin.configResolved as (config: Pick<ResolvedConfig, 'root'>) => void
  configResolved({ root })
  const hook = plugin.transformIndexHtml as { handler(html: string, context: Pick<IndexHtmlTransformContext, 'filename'>): unknown }
  return hook.handler(html, { filename })
}

describe('the build step that writes the frame into the playground page', () => {
  it('fills the empty root of the project’s index.html with the frame, rendered from the same sources', async () => {
    const html = await transform(join(root, 'index.html'), page('<div id="root"></div><script type="module" src="/src/main.tsx"></script>'))
    expect(html).toBe(page(`<div id="root">${frameMarkup()}</div><script type="module" src="/src/main.tsx"></script>`))
  }, 30_000)

  it('leaves every other page built with the same config as it is, even one named index.html', async () => {
    const other = page('<script type="module" src="./main.ts"></script>')
    expect(await transform(join(root, 'bench/browser/runtimeOnly/index.html'), other)).toBeUndefined()
    expect(await transform(join(root, 'embed.html'), other)).toBeUndefined()
  })

  it('fails the build, naming what is missing, when the page has no empty root to fill', async () => {
    await expect(transform(join(root, 'index.html'), page('<main></main>'))).rejects.toThrow(
      'Failed to prerender the frame: index.html has no <div id="root"></div>',
    )
  })
})

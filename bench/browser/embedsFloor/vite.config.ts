/**
 * The embeds' frame floor: the site's own preview (same config, same
 * origin), plus two files under /bench-floor/ that exist only while the
 * bench serves the build, never in it. `embed.js` is the site's own loader,
 * so the floor's frames are made by the same code, with the same attributes
 * and at the same moment as the examples'; next to it, the `embed.html` it
 * frames is a bare page of the sandbox site that only marks itself ready.
 * What is left between the floor and the examples is what an example does in
 * its frame and worker, not what the browser charges for a frame.
 */
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { type ConfigEnv, defineConfig, type Plugin, type UserConfig } from 'vite'
import { EMBED_READY_MARK } from '../../../src/embed/frame/readyMark.ts'
import playground from '../../../vite.config.ts'
import { FLOOR_PATH } from './floorPath.ts'

const BARE_FRAME = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Bare frame</title></head><body><script>performance.mark(${JSON.stringify(EMBED_READY_MARK)})</script></body></html>`

function bareFrames(): Plugin {
  return {
    name: 'bench-embeds-frame-floor',
    configurePreviewServer(server) {
      const outDir = resolve(server.config.root, server.config.build.outDir)
      server.middlewares.use(async (request, response, next) => {
        const path = new URL(request.url ?? '/', 'http://site').pathname
        if (path === `${FLOOR_PATH}embed.html`) {
          response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
          response.end(BARE_FRAME)
        } else if (path === `${FLOOR_PATH}embed.js`) {
          response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' })
          response.end(await readFile(resolve(outDir, 'embed.js')))
        } else next()
      })
    },
  }
}

export default defineConfig((env: ConfigEnv) => {
  const config = (playground as (env: ConfigEnv) => UserConfig)(env)
  return { ...config, plugins: [...(config.plugins ?? []), bareFrames()] }
})

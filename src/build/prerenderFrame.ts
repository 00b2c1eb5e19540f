import { join } from 'node:path'
import react from '@vitejs/plugin-react'
import { createServer, normalizePath, type Plugin } from 'vite'

/** The module that renders the frame; loaded through Vite's SSR loader, so it is built from the same sources. */
const FRAME_MODULE = '/src/app/frame/frameMarkup.tsx'
const EMPTY_ROOT = '<div id="root"></div>'

/** Renders the frame with the project's sources, in Node, through a short-lived Vite server that never listens. */
async function renderFrame(root: string): Promise<string> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'silent',
    appType: 'custom',
    server: { middlewareMode: true, ws: false, hmr: false },
    // This server's dependency optimizer, in the default cache folder, would find another config's
    // optimization there (an `npm start` running beside the build) and delete it: that dev server's pages
    // then fail with 504 "Outdated Optimize Dep", or load React twice. So a folder of its own, and no scan
    // of the project's pages (the frame loads through SSR, which needs no optimized dependency).
    optimizeDeps: { noDiscovery: true, include: [] },
    cacheDir: join(root, 'node_modules/.cache/prerender-frame'),
    plugins: [react()],
  })
  try {
    const { frameMarkup } = (await server.ssrLoadModule(FRAME_MODULE)) as { frameMarkup: () => string }
    return frameMarkup()
  } finally {
    await server.close()
  }
}

/**
 * Paints the playground's frame before any script runs: the build renders
 * what the app shows while the sandbox starts into index.html's `#root`.
 * The app then renders into that root with `createRoot`, not `hydrateRoot`:
 * its first render already carries the opening section's data (decision
 * 038), which the frame cannot have, so hydrating would always mismatch and
 * fall back to a client render after the cost of the check (decision 039).
 * @note Build only: the dev server serves the empty root and loses nothing
 * but the early paint.
 */
export function prerenderFrame(): Plugin {
  let root = process.cwd()
  let markup: Promise<string> | undefined
  return {
    name: 'developer-sandbox:prerender-frame',
    apply: 'build',
    configResolved(config) {
      root = config.root
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html, context) {
        // Only the playground's page: other pages built with this config (the bench's floor) keep their own.
        if (normalizePath(context.filename) !== normalizePath(join(root, 'index.html'))) return
        if (!html.includes(EMPTY_ROOT)) throw new Error(`Failed to prerender the frame: index.html has no ${EMPTY_ROOT}`)
        markup ??= renderFrame(root)
        return html.replace(EMPTY_ROOT, `<div id="root">${await markup}</div>`)
      },
    },
  }
}

import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type ViteBuilder } from 'vite'
import { sandboxBridge } from './src/bridge/server/sandboxBridge.ts'
import { editorPrefetch } from './src/build/editorPrefetch.ts'
import { embedServiceWorker } from './src/build/embedServiceWorker.ts'
import { monacoJsonOnly } from './src/build/monacoJsonOnly.ts'
import { openApiDocument } from './src/build/openApiDocument.ts'
import { prerenderFrame } from './src/build/prerenderFrame.ts'
import { contentSecurityPolicy } from './src/csp/cspPlugin.ts'

/**
 * The playground is a static site. PLAYGROUND_BASE lets it live under a
 * sub-path of any static host (e.g. `/sandbox/`); the MSW worker is
 * registered under the same base, so its scope covers the page.
 */
function playgroundBase(): string {
  const raw = process.env.PLAYGROUND_BASE?.trim() || '/'
  const leading = raw.startsWith('/') || raw.startsWith('.') ? raw : `/${raw}`
  return leading.endsWith('/') ? leading : `${leading}/`
}

/** The site's pages other than the playground: the docs embed, its gallery and the API reference (src/embed, src/reference). */
const OTHER_PAGES = ['embed.html', 'gallery.html', 'reference.html']

/**
 * A production build is two builds into one directory: the other pages
 * first, then the playground on its own. Built together, the four pages
 * shared modules through 23 small chunks, all fetched before the playground
 * could start; on its own it boots from 4 files, and its first API answer
 * comes 25–35 ms sooner on a cold load (decision 034). The playground is
 * built last, so a `--manifest` is the playground's.
 */
// The package ships the playground alone (`npm run build:playground`): serve serves no other page.
const playgroundOnly = process.env.PLAYGROUND_ONLY === '1'

const siteBuild = {
  environments: {
    pages: { consumer: 'client' as const, build: { rolldownOptions: { input: OTHER_PAGES } } },
    client: { build: { emptyOutDir: playgroundOnly, copyPublicDir: playgroundOnly, rolldownOptions: { input: ['index.html'] } } },
  },
  builder: {
    async buildApp(builder: ViteBuilder) {
      const { pages, client } = builder.environments
      if (!pages || !client) throw new Error('Failed to build the site: the "pages" and "client" environments are not configured')
      if (!playgroundOnly) await builder.build(pages)
      await builder.build(client)
    },
  },
}

export default defineConfig(({ command }) => ({
  base: playgroundBase(),
  // msw's cookie emulation (tough-cookie + tldts) is dead weight for a cookie-less API: see the shim.
  resolve: { alias: { 'tough-cookie': fileURLToPath(new URL('./src/app/state/runtime/toughCookieShim.ts', import.meta.url)) } },
  plugins: [
    react(),
    monacoJsonOnly(),
    editorPrefetch(),
    contentSecurityPolicy(),
    prerenderFrame(),
    openApiDocument(),
    embedServiceWorker(),
    sandboxBridge(),
  ],
  build: {
    outDir: 'dist',
    // The library build has its own output (dist-lib); this is the site only.
    emptyOutDir: true,
    sourcemap: true,
  },
  ...(command === 'build' ? siteBuild : {}),
  preview: { port: 4173, strictPort: true },
  server: { port: 5173 },
}))

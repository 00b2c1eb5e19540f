import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type ViteBuilder } from 'vite'
import { sandboxBridge } from './src/bridge/server/sandboxBridge.ts'
import { editorPrefetch } from './src/build/editorPrefetch.ts'
import { embedServiceWorker } from './src/build/embedServiceWorker.ts'
import { monacoJsonOnly } from './src/build/monacoJsonOnly.ts'
import { openApiDocument } from './src/build/openApiDocument.ts'
import { prerenderFrame } from './src/build/prerenderFrame.ts'
import { previewUncompressed } from './src/build/previewUncompressed.ts'
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

/** The site's pages other than the playground and the embed: the embeds' gallery and the API reference (src/embed, src/reference). */
const OTHER_PAGES = ['gallery.html', 'reference.html']

/**
 * A production build is three builds into one directory: the gallery and the
 * reference, the embed page on its own, then the playground on its own. Built together, the four pages
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
    // The embed page on its own too: a docs page runs one per example, so each loads only what it imports, not
    // chunks it shares with the reference (the API's validators, evaluated in every frame when built together).
    embed: { consumer: 'client' as const, build: { emptyOutDir: false, copyPublicDir: false, rolldownOptions: { input: ['embed.html'] } } },
    client: { build: { emptyOutDir: playgroundOnly, copyPublicDir: playgroundOnly, rolldownOptions: { input: ['index.html'] } } },
  },
  builder: {
    async buildApp(builder: ViteBuilder) {
      const { pages, embed, client } = builder.environments
      if (!pages || !embed || !client)
        throw new Error('Failed to build the site: the "pages", "embed" and "client" environments are not configured')
      if (!playgroundOnly) {
        await builder.build(pages)
        await builder.build(embed)
      }
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
    previewUncompressed(),
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

import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { sandboxBridge } from './src/bridge/server/sandboxBridge.ts'
import { openApiDocument } from './src/build/openApiDocument.ts'
import { preloadRuntime } from './src/build/preloadRuntime.ts'
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

export default defineConfig({
  base: playgroundBase(),
  // msw's cookie emulation (tough-cookie + tldts) is dead weight for a cookie-less API: see the shim.
  resolve: { alias: { 'tough-cookie': fileURLToPath(new URL('./src/app/state/runtime/toughCookieShim.ts', import.meta.url)) } },
  plugins: [react(), contentSecurityPolicy(), preloadRuntime(), openApiDocument(), sandboxBridge()],
  build: {
    outDir: 'dist',
    // The library build has its own output (dist-lib); this is the site only.
    emptyOutDir: true,
    sourcemap: true,
    // The docs embed and its gallery are pages of the same site (src/embed); so is the API reference (src/reference).
    rolldownOptions: { input: ['index.html', 'embed.html', 'gallery.html', 'reference.html'] },
  },
  // The editor's language worker imports this; the dev server would only find it when the worker first loads and
  // then reload the page to bundle it. Bundled at start instead.
  optimizeDeps: { include: ['vscode-json-languageservice'] },
  preview: { port: 4173, strictPort: true },
  server: { port: 5173 },
})

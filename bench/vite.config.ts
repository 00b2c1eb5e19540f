// The benchmark page: the sandbox's MSW handlers beside a bare one in one
// worker, built to bench/dist and served by `vite preview --config bench/vite.config.ts`.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'

const workerScript = fileURLToPath(new URL('../node_modules/msw/lib/mockServiceWorker.js', import.meta.url))

/** Ships msw's own worker script at the page's root, so it always matches the installed msw. */
function mswWorkerScript(): Plugin {
  return {
    name: 'bench-msw-worker-script',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'mockServiceWorker.js', source: readFileSync(workerScript, 'utf8') })
    },
  }
}

export default defineConfig({
  root: fileURLToPath(new URL('./browser/page', import.meta.url)),
  base: '/',
  publicDir: false,
  plugins: [mswWorkerScript()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
  },
  logLevel: 'warn',
})

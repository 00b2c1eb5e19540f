// The benchmark page: the sandbox's MSW handlers and the baselines' in one worker,
// built to node_modules/.cache/bench/page-dist (out of the linted tree) and
// served by `vite preview --config bench/vite.config.ts`.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
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

const sourceApi = fileURLToPath(new URL('../src/api/', import.meta.url))

/**
 * BENCH_SANDBOX_API=<dir> builds the page against another copy of src/api (an
 * older commit, an experiment), to compare two versions of the core on one machine.
 */
function alternativeCore(directory: string | undefined): Plugin {
  return {
    name: 'bench-alternative-core',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!directory || !importer || importer.startsWith(sourceApi)) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      if (!resolved?.id.startsWith(sourceApi)) return null
      return resolve(directory, resolved.id.slice(sourceApi.length))
    },
  }
}

export default defineConfig({
  root: fileURLToPath(new URL('./browser/page', import.meta.url)),
  base: '/',
  publicDir: false,
  plugins: [alternativeCore(process.env.BENCH_SANDBOX_API), mswWorkerScript()],
  build: {
    outDir: fileURLToPath(new URL('../node_modules/.cache/bench/page-dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
  },
  // Cross-origin isolation gives the page a 5 µs performance.now() instead of 100 µs,
  // fine enough to compare p50s a few hundred microseconds apart.
  preview: {
    headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
  },
  logLevel: 'warn',
})

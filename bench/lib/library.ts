/**
 * The built library (`npm run build:lib` → dist-lib), loaded with the types of
 * its sources. Node runs these benchmark scripts with type stripping only, and
 * the sources use syntax that is not erasable, so the built JavaScript is what runs.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

type Library = typeof import('../../src/api/index.ts')
type Validators = typeof import('../../src/api/contract/validators.ts')
type AjvOptions = typeof import('../../src/api/contract/ajvOptions.ts')
type ManifestSchema = typeof import('../../src/api/contract/manifestSchema.ts')

// BENCH_LIBRARY=<dir> measures another build of the library (an older commit,
// an experiment) to compare two versions of the core on one machine.
const root = process.env.BENCH_LIBRARY
  ? pathToFileURL(`${resolve(process.env.BENCH_LIBRARY)}/`)
  : new URL('../../dist-lib/api/', import.meta.url)

async function load<T>(path: string): Promise<T> {
  const url = new URL(path, root)
  if (!existsSync(url)) throw new Error(`Failed to load "${url.pathname}": run npm run build:lib first.`)
  const module: T = await import(url.href)
  return module
}

export const loadLibrary = () => load<Library>('index.js')
export const loadValidators = () => load<Validators>('contract/validators.js')
export const loadAjvOptions = () => load<AjvOptions>('contract/ajvOptions.js')
export const loadManifestSchema = () => load<ManifestSchema>('contract/manifestSchema.js')

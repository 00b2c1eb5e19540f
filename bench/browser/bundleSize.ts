/**
 * Gzipped JavaScript of the production playground build, read through Vite's
 * manifest (the build is run with --manifest):
 * - entry: everything the playground page loads before the editor, i.e. all
 *   JavaScript reachable from index.html (static and dynamic imports, the
 *   sandbox runtime it imports at boot included) except the editor's;
 * - editor: the editor's lazy chunks (src/app/editor, Monaco), what only they
 *   import, and the workers they start.
 * Other pages of the site (the embed, the gallery) are not counted.
 * `measurePageBundle` reads one other page the same way (the Monaco floor).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { gzipSync } from 'node:zlib'

export interface BundleResult {
  entryGzipKB: number
  editorGzipKB: number
  /** Only index.html's static import graph: what runs before the app starts (the frame is painted from the HTML, decision 035). */
  entryStaticGzipKB: number
  /** Per file, gzipped KB, to see what the figures are made of. */
  entryFiles: Record<string, number>
  editorFiles: Record<string, number>
}

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}

const EDITOR_SOURCE = /(^|\/)src\/app\/editor\//

function gzipKB(bytes: Buffer): number {
  return gzipSync(bytes, { level: 9 }).byteLength / 1024
}

const round1 = (value: number) => Math.round(value * 10) / 10

/** JavaScript files a built file names as string literals (workers started with new URL(…, import.meta.url)). */
function referencedScripts(dist: string, file: string): string[] {
  const code = readFileSync(join(dist, file), 'utf8')
  const found = new Set<string>()
  for (const match of code.matchAll(/["'`]((?:\.{1,2}\/|\/)?(?:assets\/)?[\w.-]+\.js)["'`]/g)) {
    const name = match[1] ?? ''
    const candidates = [posix.normalize(posix.join(posix.dirname(file), name)), posix.normalize(name.replace(/^\//, ''))]
    for (const candidate of candidates) if (candidate !== file && existsSync(join(dist, candidate))) found.add(candidate)
  }
  return [...found]
}

export function measureBundle(dist: string): BundleResult {
  const manifestPath = join(dist, '.vite', 'manifest.json')
  if (!existsSync(manifestPath)) throw new Error(`Failed to measure the bundle: no ${manifestPath} (build with --manifest)`)
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>
  const page = manifest['index.html']
  if (!page) throw new Error('Failed to measure the bundle: index.html is not an entry of the build')
  const chunk = (key: string) => manifest[key]

  // Walks chunks by manifest key; `dynamic` decides whether dynamic imports are followed.
  const walk = (roots: string[], follow: (key: string) => string[]) => {
    const seen = new Set<string>()
    const queue = [...roots]
    for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
      if (seen.has(key) || !chunk(key)) continue
      seen.add(key)
      queue.push(...follow(key))
    }
    return seen
  }
  const staticOf = (key: string) => chunk(key)?.imports ?? []
  const allOf = (key: string) => [...staticOf(key), ...(chunk(key)?.dynamicImports ?? [])]

  const staticEntry = walk(['index.html'], staticOf)
  const reachable = walk(['index.html'], allOf)
  const isEditor = (key: string) => EDITOR_SOURCE.test(chunk(key)?.src ?? key)
  // The editor: its dynamic entries and whatever they reach that nothing outside the editor needs.
  const outside = walk(['index.html'], (key) => allOf(key).filter((next) => !isEditor(next)))
  const editorKeys = walk([...reachable].filter(isEditor), (key) => allOf(key).filter((next) => !outside.has(next)))
  const fileOf = (key: string) => chunk(key)?.file ?? key
  const entryFiles = [...reachable].filter((key) => !editorKeys.has(key)).map(fileOf)
  const editorFiles = [...editorKeys].map(fileOf)
  // Workers are not in the manifest's graph: the chunks that start them name them.
  for (const file of [...editorFiles])
    for (const script of referencedScripts(dist, file))
      if (!editorFiles.includes(script) && !entryFiles.includes(script)) editorFiles.push(script)
  for (const file of [...entryFiles])
    for (const script of referencedScripts(dist, file))
      if (!editorFiles.includes(script) && !entryFiles.includes(script)) entryFiles.push(script)

  const sizes = (files: string[]) =>
    Object.fromEntries(
      files
        .filter((file) => file.endsWith('.js'))
        .sort()
        .map((file) => [file, round1(gzipKB(readFileSync(join(dist, file))))]),
    )
  const total = (files: string[]) =>
    round1(files.filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gzipKB(readFileSync(join(dist, file))), 0))
  return {
    entryGzipKB: total(entryFiles),
    editorGzipKB: total(editorFiles),
    entryStaticGzipKB: total([...staticEntry].map(fileOf)),
    entryFiles: sizes(entryFiles),
    editorFiles: sizes(editorFiles),
  }
}

/** Gzipped KB of all JavaScript one page of a build loads: its static and dynamic imports and the workers they start. */
export function measurePageBundle(dist: string, page: string): { gzipKB: number; files: Record<string, number> } {
  const manifestPath = join(dist, '.vite', 'manifest.json')
  if (!existsSync(manifestPath)) throw new Error(`Failed to measure the bundle: no ${manifestPath} (build with --manifest)`)
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>
  if (!manifest[page]) throw new Error(`Failed to measure the bundle: ${page} is not an entry of the build`)
  const seen = new Set<string>()
  const queue = [page]
  for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
    const chunk = manifest[key]
    if (seen.has(key) || !chunk) continue
    seen.add(key)
    queue.push(...(chunk.imports ?? []), ...(chunk.dynamicImports ?? []))
  }
  const files = [...seen].map((key) => manifest[key]?.file ?? key)
  for (const file of [...files]) for (const script of referencedScripts(dist, file)) if (!files.includes(script)) files.push(script)
  const scripts = files.filter((file) => file.endsWith('.js')).sort()
  const sizes = Object.fromEntries(scripts.map((file) => [file, round1(gzipKB(readFileSync(join(dist, file))))]))
  return { gzipKB: round1(scripts.reduce((sum, file) => sum + gzipKB(readFileSync(join(dist, file))), 0)), files: sizes }
}

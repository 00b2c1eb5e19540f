/**
 * Gzipped JavaScript of the production playground build (dist): the entry
 * (every script index.html loads, and their static imports) and the editor
 * (its lazy chunks and workers, Monaco included). Reads Vite's manifest when
 * the build wrote one, else follows the imports in the built files.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { gzipSync } from 'node:zlib'

export interface BundleResult {
  entryGzipKB: number
  editorGzipKB: number
  /** Lazy JavaScript that is neither the entry nor the editor (other lazy features). */
  otherLazyGzipKB: number
  entryFiles: string[]
  editorFiles: string[]
  /** How the import graph was read. */
  graph: 'vite-manifest' | 'imports-in-files'
}

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}

const gzipKB = (dist: string, files: Iterable<string>) => {
  let bytes = 0
  for (const file of files) bytes += gzipSync(readFileSync(join(dist, file)), { level: 9 }).byteLength
  return Math.round((bytes / 1024) * 10) / 10
}

function allJs(dist: string, dir = ''): string[] {
  const files: string[] = []
  for (const entry of readdirSync(join(dist, dir), { withFileTypes: true })) {
    const path = dir ? `${dir}/${entry.name}` : entry.name
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') files.push(...allJs(dist, path))
    } else if (/\.m?js$/.test(entry.name) && entry.name !== 'mockServiceWorker.js') {
      files.push(path)
    }
  }
  return files
}

/** Scripts and module preloads named by index.html, relative to dist. */
function htmlScripts(dist: string): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const files = new Set<string>()
  const pattern = /<(?:script[^>]*\bsrc|link[^>]*\brel="modulepreload"[^>]*\bhref)="([^"]+\.m?js)"/g
  for (const match of html.matchAll(pattern)) {
    const url = match[1] ?? ''
    if (/^[a-z]+:/i.test(url)) continue
    files.add(url.replace(/^(\.\/|\/)/, '').replace(/^.*?(assets\/)/, '$1'))
  }
  return [...files]
}

/** Relative module specifiers a built file imports statically and dynamically. */
function importsInFile(dist: string, file: string): { statics: string[]; dynamics: string[] } {
  const code = readFileSync(join(dist, file), 'utf8')
  const resolve = (specifier: string) => posix.normalize(posix.join(posix.dirname(file), specifier))
  const statics = [...code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["'](\.{1,2}\/[^"']+\.m?js)["']/g)].map(
    (match) => resolve(match[1] ?? ''),
  )
  const dynamics = [...code.matchAll(/import\(\s*["'](\.{1,2}\/[^"']+\.m?js)["']\s*\)/g)].map((match) => resolve(match[1] ?? ''))
  // Vite preloads a dynamic import's dependencies through __vite__mapDeps(["assets/…"]).
  for (const list of code.matchAll(/__vite__mapDeps\.viteFileDeps\s*=\s*\[([^\]]*)\]|\bm\.f\s*\|\|\s*\(m\.f\s*=\s*\[([^\]]*)\]/g)) {
    for (const name of (list[1] ?? list[2] ?? '').matchAll(/["']([^"']+\.m?js)["']/g)) dynamics.push(name[1] ?? '')
  }
  return { statics, dynamics }
}

/** Every file reachable from the roots through static imports only. */
function staticClosure(roots: Iterable<string>, staticsOf: (file: string) => string[]): Set<string> {
  const seen = new Set<string>()
  const queue = [...roots]
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue
    seen.add(file)
    queue.push(...staticsOf(file))
  }
  return seen
}

const isEditorFile = (file: string, source = '') => /monaco|editor|worker/i.test(file) || /monaco|src\/app\/editor/i.test(source)

export function measureBundle(dist: string): BundleResult {
  const js = allJs(dist)
  const manifestPath = join(dist, '.vite', 'manifest.json')
  let entry: Set<string>
  let sourceOf = (_file: string) => ''
  let graph: BundleResult['graph']
  if (existsSync(manifestPath)) {
    graph = 'vite-manifest'
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>
    const byKey = new Map(Object.entries(manifest))
    const byFile = new Map([...byKey.values()].map((chunk) => [chunk.file, chunk]))
    const roots = [...byKey.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.file)
    entry = staticClosure(roots, (file) => (byFile.get(file)?.imports ?? []).map((key) => byKey.get(key)?.file ?? key))
    sourceOf = (file) => byFile.get(file)?.src ?? ''
  } else {
    graph = 'imports-in-files'
    entry = staticClosure(htmlScripts(dist), (file) => (existsSync(join(dist, file)) ? importsInFile(dist, file).statics : []))
  }
  const lazy = js.filter((file) => !entry.has(file))
  const editor = lazy.filter((file) => isEditorFile(file, sourceOf(file)))
  // A chunk only the editor's chunks import belongs to the editor too (Monaco's shared pieces).
  const editorClosure = staticClosure(editor, (file) => importsInFile(dist, file).statics.filter((dep) => !entry.has(dep)))
  const other = lazy.filter((file) => !editorClosure.has(file))
  return {
    entryGzipKB: gzipKB(dist, entry),
    editorGzipKB: gzipKB(dist, editorClosure),
    otherLazyGzipKB: gzipKB(dist, other),
    entryFiles: [...entry].sort(),
    editorFiles: [...editorClosure].sort(),
    graph,
  }
}

/** The manifest corpus (tests/fixtures/manifests/corpus.json): each file with the API's verdict on it. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const MANIFEST_FIXTURES = fileURLToPath(new URL('../fixtures/manifests/', import.meta.url))

export interface CorpusEntry {
  file: string
  rule: string
  /** The API's verdict when the corpus was written (from the compiled validator). */
  valid: boolean
  pointers: string[]
}

export const manifestCorpus = JSON.parse(readFileSync(join(MANIFEST_FIXTURES, 'corpus.json'), 'utf8')) as CorpusEntry[]

/** The text of one corpus manifest. */
export const corpusText = (entry: CorpusEntry): string => readFileSync(join(MANIFEST_FIXTURES, 'corpus', entry.file), 'utf8')

/** Pointers as a sorted set: the editor and the API may name one place more than once. */
export const unique = (values: readonly string[]): string[] => [...new Set(values)].sort()

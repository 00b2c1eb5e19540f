import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '../..')

/** The headings of a Markdown text with their line index, skipping fenced code (whose `# comment` lines are no headings). */
export function headings(text: string): { level: number; title: string; line: number }[] {
  const found: { level: number; title: string; line: number }[] = []
  let fenced = false
  text.split('\n').forEach((line, index) => {
    if (/^\s*```/.test(line)) fenced = !fenced
    const match = fenced ? null : line.match(/^(#{1,6}) (.*)$/)
    if (match) found.push({ level: match[1]?.length ?? 0, title: match[2] ?? '', line: index })
  })
  return found
}

/**
 * The section of a repository Markdown file that starts at the heading `heading` (written with its
 * hashes, e.g. `## Keys over the CLI`) and runs to the next heading of the same or a higher level.
 * Throws when the heading is not there, so a renamed section fails the test that quotes it.
 */
export function markdownSection(path: string, heading: string): string {
  const text = readFileSync(resolve(ROOT, path), 'utf8')
  const all = headings(text)
  const start = all.find((entry) => `${'#'.repeat(entry.level)} ${entry.title}` === heading)
  if (!start) throw new Error(`Failed to find "${heading}" in ${path}`)
  const end = all.find((entry) => entry.line > start.line && entry.level <= start.level)
  return text.split('\n').slice(start.line, end?.line).join('\n')
}

/** A quoted snippet: the file its `<!-- from path -->` marker names, and the code of the fenced block under it. */
export interface QuotedSnippet {
  path: string
  code: string
}

/** Every fenced block of `section` marked as quoted from a repository file (`<!-- from path -->` on the line above it). */
export function quotedSnippets(section: string): QuotedSnippet[] {
  return [...section.matchAll(/<!-- from (\S+) -->\n```\w+\n([\s\S]*?)```/g)].map(([, path, code]) => ({
    path: path ?? '',
    code: code ?? '',
  }))
}

/** Each line without its indentation, so an excerpt from inside a block still matches the file it is quoted from. */
export const withoutIndentation = (text: string): string =>
  text
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .trim()

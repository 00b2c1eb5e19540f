/**
 * The README is a guide a newcomer reads top to bottom: short, with a contents list, every
 * relative link of the project's Markdown leading somewhere inside a clone, and each code block it
 * shows taken from the page it links to for the depth, where a test runs it.
 */
import { existsSync, globSync, readFileSync, statSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { headings, markdownSection } from '../support/markdown.ts'

const root = resolve(import.meta.dirname, '../..')
const readme = readFileSync(resolve(root, 'README.md'), 'utf8')

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number} _-]/gu, '')
    .replaceAll(' ', '-')

/** Markdown links outside fenced code and inline code, as written. */
function links(text: string): string[] {
  const prose = text.replace(/^\s*```[\s\S]*?^\s*```/gm, '').replace(/`[^`\n]*`/g, '')
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '')
}

const SKIPPED = /(^|\/)(node_modules|dist|dist-lib|test-results|\.git|\.cache)(\/|$)/
const pages = globSync('**/*.md', { cwd: root, exclude: (path) => SKIPPED.test(path) }).filter((path) => !SKIPPED.test(path))

describe('the README', () => {
  it('is at most 400 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(400)
  })

  it('opens with a contents list naming every section, in order', () => {
    const sections = headings(readme).filter((heading) => heading.level === 2 && heading.title !== 'Contents')
    const listed = [...markdownSection('README.md', '## Contents').matchAll(/^- \[(.+)\]\(#(.+)\)$/gm)]
    expect(listed.map(([, title, anchor]) => [title, anchor])).toEqual(sections.map(({ title }) => [title, slug(title)]))
    expect(headings(readme)[1]?.title).toBe('Contents')
  })

  it('shows, in each way to use it, only code blocks found verbatim on the page it links to', () => {
    for (const [section, page] of [
      ['## Over HTTP, from any language', 'docs/serve.md'],
      ['## In your docs', 'docs/docs-sites.md'],
      ['## For your team', 'docs/team.md'],
    ] as const) {
      const text = markdownSection('README.md', section)
      expect(text, section).toContain(`](${page})`)
      const blocks = [...text.matchAll(/```\w+\n([\s\S]*?)```/g)].map((match) => match[1] ?? '')
      expect(blocks.length, section).toBeGreaterThan(0)
      const target = readFileSync(resolve(root, page), 'utf8')
      for (const block of blocks) for (const line of block.trim().split('\n')) expect(target, `${section}: ${line}`).toContain(line)
    }
  })

  it('starts with scripts that exist', () => {
    const { scripts } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    const commands = markdownSection('README.md', '## Two commands').match(/```sh\n([\s\S]*?)```/)?.[1] ?? ''
    for (const [, script] of commands.matchAll(/npm (?:run )?(\S+)/g))
      if (script !== 'install') expect(scripts, script).toHaveProperty(script ?? '')
  })
})

describe('relative links in the Markdown of the repository', () => {
  it('finds the pages to check', () => {
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/api.md', 'bench/README.md', 'docs/decisions/README.md']))
  })

  it.each(pages)('%s: every relative link resolves inside the repository', (page) => {
    const broken: string[] = []
    for (const link of links(readFileSync(resolve(root, page), 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue
      const [path = '', anchor] = link.split('#')
      const target = path === '' ? resolve(root, page) : resolve(root, dirname(page), decodeURI(path))
      if (relative(root, target).startsWith('..')) broken.push(`${link} (outside the repository)`)
      else if (!existsSync(target)) broken.push(`${link} (no such file)`)
      else if (anchor && statSync(target).isFile() && target.endsWith('.md')) {
        const anchors = headings(readFileSync(target, 'utf8')).map(({ title }) => slug(title))
        if (!anchors.includes(anchor)) broken.push(`${link} (no such heading)`)
      }
    }
    expect(broken).toEqual([])
  })
})

describe('the decision records', () => {
  it('are all listed in their index', () => {
    const index = readFileSync(resolve(root, 'docs/decisions/README.md'), 'utf8')
    const records = globSync('docs/decisions/[0-9]*.md', { cwd: root }).map((path) => path.slice('docs/decisions/'.length))
    expect(records.length).toBeGreaterThan(30)
    for (const record of records) expect(index, record).toContain(`](${record})`)
  })
})

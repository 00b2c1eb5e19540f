/**
 * The team-sandbox deploy snippets of docs/team.md are the example project's own
 * files, and that project bundles with `wrangler deploy --dry-run` (offline)
 * into a Worker with the workspace Durable Object bound.
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { wranglerDryRun } from '../../scripts/team/wranglerDryRun.ts'
import { markdownSection } from '../support/markdown.ts'

const root = resolve(import.meta.dirname, '../..')
const section = markdownSection('docs/team.md', '# A sandbox for your team')
const normalise = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .trim()
const snippets = [...section.matchAll(/<!-- from (\S+) -->\n```\w+\n([\s\S]*?)```/g)].map(([, path, code]) => ({
  path: path ?? '',
  code: code ?? '',
}))

describe('docs/team.md', () => {
  it('quotes the deploy example verbatim: wrangler.jsonc and the entry file', () => {
    expect(snippets.map((snippet) => snippet.path)).toEqual(['examples/team-sandbox/wrangler.jsonc', 'examples/team-sandbox/src/index.ts'])
    for (const { path, code } of snippets) expect(normalise(readFileSync(resolve(root, path), 'utf8'))).toContain(normalise(code))
    expect(section).toContain('npx wrangler deploy')
    expect(section).toContain('npx wrangler secret put DEVELOPER_SANDBOX_ADMIN_TOKEN')
  })

  it('bundles the example with wrangler, offline, with the workspace Durable Object bound', () => {
    const { outdir, result } = wranglerDryRun(root, [
      '--config',
      'examples/team-sandbox/wrangler.jsonc',
      // The package's export, resolved to its source: the example imports `developer-sandbox/worker` as a team's repository does.
      '--alias',
      `developer-sandbox/worker:${join(root, 'src/worker/index.ts')}`,
    ])
    expect(result.status, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/env\.WORKSPACES \(SandboxWorkspace\)\s+Durable Object/)
    expect(result.stdout).toMatch(/env\.REGISTRY \(WorkspaceRegistry\)\s+Durable Object/)
    const bundle = readFileSync(join(outdir, 'index.js'), 'utf8')
    expect(bundle).toMatch(/SandboxWorkspace = class extends DurableObject/)
    expect(bundle).toMatch(/WorkspaceRegistry = class extends DurableObject/)
    expect(bundle).not.toMatch(/\bnew Function\(|\beval\(/)
  })
})

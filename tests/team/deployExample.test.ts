/**
 * The team-sandbox deploy snippets of docs/team.md are the example project's own
 * files, and that project bundles with `wrangler deploy --dry-run` (offline)
 * into a Worker with the workspace Durable Object bound and the package's
 * built playground as its static assets.
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { wranglerDryRun } from '../../scripts/team/wranglerDryRun.ts'
import { markdownSection, quotedSnippets, withoutIndentation } from '../support/markdown.ts'

const root = resolve(import.meta.dirname, '../..')
const section = markdownSection('docs/team.md', '# A sandbox for your team')
const snippets = quotedSnippets(section)

/** Every file below `folder`, with its size in bytes. */
function filesOf(folder: string): { path: string; bytes: number }[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => join(folder, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, bytes: statSync(path).size }))
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

const project = mkdtempSync(join(tmpdir(), 'team-sandbox-example-'))
afterAll(() => rmSync(project, { recursive: true, force: true }))

describe('docs/team.md', () => {
  it('quotes the deploy example verbatim: wrangler.jsonc and the entry file', () => {
    expect(snippets.map((snippet) => snippet.path)).toEqual(['examples/team-sandbox/wrangler.jsonc', 'examples/team-sandbox/src/index.ts'])
    for (const { path, code } of snippets)
      expect(withoutIndentation(readFileSync(resolve(root, path), 'utf8'))).toContain(withoutIndentation(code))
    expect(section).toContain('npx wrangler deploy')
    expect(section).toContain('npx wrangler secret put DEVELOPER_SANDBOX_ADMIN_TOKEN')
  })

  it('bundles the example with wrangler, offline, with the workspace Durable Object bound and the playground as its assets', () => {
    // The example as a team's repository holds it: the two files, and the installed package with its built playground.
    mkdirSync(join(project, 'src'))
    copyFileSync(join(root, 'examples/team-sandbox/wrangler.jsonc'), join(project, 'wrangler.jsonc'))
    copyFileSync(join(root, 'examples/team-sandbox/src/index.ts'), join(project, 'src/index.ts'))
    const playground = join(project, 'node_modules/developer-sandbox/dist-lib/playground')
    execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', playground, '--sourcemap', 'false'], {
      cwd: root,
      env: { ...process.env, PLAYGROUND_ONLY: '1' },
      stdio: 'pipe',
    })

    const { outdir, result } = wranglerDryRun(project, [
      // The package's export, resolved to its source: the example imports `developer-sandbox/worker` as a team's repository does.
      '--alias',
      `developer-sandbox/worker:${join(root, 'src/worker/index.ts')}`,
    ])
    expect(result.status, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/env\.WORKSPACES \(SandboxWorkspace\)\s+Durable Object/)
    expect(result.stdout).toMatch(/env\.REGISTRY \(WorkspaceRegistry\)\s+Durable Object/)
    expect(result.stdout).toMatch(/env\.ASSETS\s+Assets/)
    expect(result.stdout).toContain(`from the assets directory ${playground}`)
    const bundle = readFileSync(join(outdir, 'index.js'), 'utf8')
    expect(bundle).toMatch(/SandboxWorkspace = class extends DurableObject/)
    expect(bundle).toMatch(/WorkspaceRegistry = class extends DurableObject/)
    expect(bundle).not.toMatch(/\bnew Function\(|\beval\(/)

    const upload = result.stdout.match(/Total Upload: ([\d.]+ KiB) \/ gzip: ([\d.]+ KiB)/)
    expect(upload, result.stdout).not.toBeNull()
    const assets = filesOf(playground)
    expect(assets.map((file) => file.path)).toContainEqual(join(playground, 'index.html'))
    const assetBytes = assets.reduce((sum, file) => sum + file.bytes, 0)
    const assetGzip = assets.reduce((sum, file) => sum + gzipSync(readFileSync(file.path)).byteLength, 0)
    console.log(
      `measure: deploy example: Worker ${upload?.[1]} (gzip ${upload?.[2]}); assets ${assets.length} files, ${kib(assetBytes)} (gzip ${kib(assetGzip)})`,
    )
    rmSync(outdir, { recursive: true, force: true })
  })
})

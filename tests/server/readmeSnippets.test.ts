import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { markdownSection } from '../support/markdown.ts'
import { hasPython, python } from './support/clients.ts'
import { type RunningServer, scratchFolder, startServer } from './support/sandboxServer.ts'

// The snippets of docs/serve.md, run as written.
// The one change: the server here listens on a free port, not 4010.

const section = markdownSection('docs/serve.md', '# Over HTTP: `developer-sandbox serve`')

function blocks(language: string): string[] {
  return [...section.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((match) => match[1] ?? '')
}

let server: RunningServer
let env: Record<string, string>
const onPort = (snippet: string) => snippet.replaceAll('http://127.0.0.1:4010', server.origin)

beforeAll(async () => {
  server = await startServer(scratchFolder())
  env = { ...process.env, SANDBOX_API_KEY: server.key ?? '' } as Record<string, string>
})

afterAll(async () => {
  await server?.stop()
})

describe('docs/serve.md', () => {
  it('starts the server with the command it shows', () => {
    expect(blocks('sh')[0]?.trim()).toBe('npx developer-sandbox serve')
    expect(server.output()).toContain('➜  API:      ')
  })

  it('runs its curl lines', () => {
    const lines = (blocks('sh')[1] ?? '').trim().split('\n')
    expect(lines).toHaveLength(2)
    const [status, validate] = lines.map((line) => JSON.parse(execFileSync('sh', ['-c', `${onPort(line)} -sS`], { encoding: 'utf8', env })))
    expect(status).toMatchObject({ apiVersion: '2026-08-12', environment: 'sandbox' })
    expect(validate).toMatchObject({ status: 422, code: 'manifest_invalid' })
  })

  it.runIf(hasPython)('runs its Python', () => {
    const [snippet] = blocks('python')
    expect(python(onPort(snippet ?? ''), env).trim()).toMatch(/^200 1\d\d \['status\.read', /)
  })

  it('runs its fetch snippet', () => {
    const [snippet] = blocks('js')
    const program = `const sandboxKey = process.env.SANDBOX_API_KEY\n${onPort(snippet ?? '')}`
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8', env })
    expect(output.trim()).toMatch(/^200 1\d\d$/)
  })
})

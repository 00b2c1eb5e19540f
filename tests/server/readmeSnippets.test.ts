import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasPython, python } from './support/clients.ts'
import { REPOSITORY } from './support/paths.ts'
import { type RunningServer, scratchFolder, startServer } from './support/sandboxServer.ts'

// The snippets of the README's "Use it from any language", run as written.
// The one change: the server here listens on a free port, not 4010.

const readme = readFileSync(join(REPOSITORY, 'README.md'), 'utf8')
const section = readme.slice(readme.indexOf('## Use it from any language'), readme.indexOf('## Use it in your tests'))

function blocks(language: string): string[] {
  return [...section.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((match) => match[1] ?? '')
}

let server: RunningServer
let env: Record<string, string>
const onPort = (snippet: string) => snippet.replaceAll('http://127.0.0.1:4010', server.origin)

beforeAll(async () => {
  server = await startServer(scratchFolder())
  env = { ...process.env, SANDBOX_KEY: server.key ?? '' } as Record<string, string>
})

afterAll(async () => {
  await server?.stop()
})

describe('the README, "Use it from any language"', () => {
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
    const program = `const sandboxKey = process.env.SANDBOX_KEY\n${onPort(snippet ?? '')}`
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8', env })
    expect(output.trim()).toMatch(/^200 1\d\d$/)
  })
})

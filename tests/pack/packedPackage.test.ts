import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium } from '@playwright/test'
import { afterAll, describe, expect, it } from 'vitest'

// Packs the project as npm would publish it, installs the tarball into a
// fresh project and uses it the way another team's test suite would:
// msw/node + fake-indexeddb, no build step of their own.
const root = resolve(import.meta.dirname, '../..')
const work = mkdtempSync(join(tmpdir(), 'sandbox-pack-'))
const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

afterAll(() => rmSync(work, { recursive: true, force: true }))

const consumer = `
import { IDBFactory } from 'fake-indexeddb'
import { setupServer } from 'msw/node'
import { Webhook } from 'standardwebhooks'
import { createSandbox } from 'developer-sandbox'
import { createSandboxClient } from 'developer-sandbox/client'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const sandbox = await createSandbox({ indexedDB: new IDBFactory() })
const server = setupServer(...sandbox.handlers)
server.listen()
const { id, key } = await sandbox.workspace.issueKey({ scopes: ['status.read', 'webhooks.test'] })
const base = 'http://api.example.test/api/developer/v1'
const auth = { Authorization: 'Bearer ' + key }
const status = await fetch(base + '/status', { headers: auth })
const statusBody = await status.json()
const client = createSandboxClient({ origin: 'http://api.example.test', key })
const viaClient = await client.getProjectStatus()
const forbidden = await fetch(base + '/tools', { headers: auth })
const specimen = await (await fetch(base + '/webhooks/test', { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: '{"message":"from a consumer"}' })).json()
const verified = new Webhook(specimen.verification.secret).verify(specimen.specimen.payload, specimen.specimen.headers)
await sandbox.workspace.revokeKey(id)
const revoked = await fetch(base + '/status', { headers: auth })
const keys = await sandbox.workspace.listKeys()
const require = createRequire(import.meta.url)
const openapi = JSON.parse(readFileSync(require.resolve('developer-sandbox/openapi.json'), 'utf8'))
server.close()
await sandbox.close()
console.log(JSON.stringify({
  status: status.status, clientStatus: viaClient.status, clientScopes: viaClient.body.scopes, requestId: status.headers.get('x-request-id'), apiVersion: statusBody.apiVersion,
  forbidden: forbidden.status, requiredScope: (await forbidden.json()).requiredScope,
  verifiedMessage: verified.data.message, revoked: revoked.status, revokedCode: (await revoked.json()).code,
  listed: keys.map((k) => k.status), leaked: JSON.stringify(keys).includes(key), openapi: openapi.openapi,
}))
`

const coreConsumer = `
import { IDBFactory } from 'fake-indexeddb'
import { createSandboxCore, BASE_PATH } from 'developer-sandbox/core'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
let mswInstalled = true
try {
  require.resolve('msw')
} catch {
  mswInstalled = false
}
let playwrightInstalled = true
try {
  require.resolve('@playwright/test')
} catch {
  playwrightInstalled = false
}
const sandbox = createSandboxCore({ indexedDB: new IDBFactory() })
const { key } = await sandbox.workspace.issueKey({ scopes: ['status.read'] })
const response = await sandbox.handle(new Request('http://host.test' + BASE_PATH + '/status', { headers: { Authorization: 'Bearer ' + key } }))
await sandbox.close()
// The test helpers and the Playwright fixture load without msw and without Playwright (an optional peer).
const { createTestSandbox, TEST_KEY } = await import('developer-sandbox/testing')
const { sandboxFixtures } = await import('developer-sandbox/playwright')
const testSandbox = createTestSandbox({ memory: true })
await testSandbox.fresh({ scopes: ['status.read'] })
await testSandbox.exhaustRateLimit(TEST_KEY)
const limited = await testSandbox.handle(new Request('http://host.test' + BASE_PATH + '/status', { headers: { Authorization: 'Bearer ' + TEST_KEY } }))
await testSandbox.close()
console.log(JSON.stringify({
  mswInstalled, playwrightInstalled, status: response.status, apiVersion: (await response.json()).apiVersion,
  limited: limited.status, fixtures: Object.keys(sandboxFixtures()),
}))
`

const typedConsumer = `
import { createSandbox, type KeySummary, type Scope } from 'developer-sandbox'
import type { ResponseBody } from 'developer-sandbox/core'
const usageDays: ResponseBody<'getProjectUsage'>['window']['days'] = 30
const scopes: Scope[] = ['status.read']
const sandbox = await createSandbox()
const issued = await sandbox.workspace.issueKey({ scopes })
const key: string = issued.key
const listed: KeySummary[] = await sandbox.workspace.listKeys()
const response: Response = await sandbox.handle(new Request('http://x/api/developer/v1/status'))
export { key, listed, response, usageDays }
`

describe('the packed package', () => {
  it('installs into another project and answers under msw/node with no build step', () => {
    npm(['pack', '--pack-destination', work, '--silent'], root)
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'))
    expect(tarball).toBeDefined()
    const project = join(work, 'consumer')
    execFileSync('mkdir', ['-p', project])
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }))
    npm(
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--silent',
        join(work, tarball ?? ''),
        'msw@3',
        'fake-indexeddb@6',
        'standardwebhooks@1',
      ],
      project,
    )
    writeFileSync(join(project, 'consumer.mjs'), consumer)
    const output = execFileSync(process.execPath, ['consumer.mjs'], { cwd: project, encoding: 'utf8' })
    const result = JSON.parse(output.trim().split('\n').pop() ?? '{}')
    expect(result).toEqual({
      status: 200,
      clientStatus: 200,
      clientScopes: ['status.read', 'webhooks.test'],
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      apiVersion: '2026-08-12',
      forbidden: 403,
      requiredScope: 'tools.read',
      verifiedMessage: 'from a consumer',
      revoked: 401,
      revokedCode: 'key_revoked',
      listed: ['revoked'],
      leaked: false,
      openapi: '3.1.0',
    })

    // The shipped .d.ts files type a consumer's code without our sources.
    writeFileSync(join(project, 'consumer.ts'), typedConsumer)
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2023',
          lib: ['es2023', 'dom'],
          noEmit: true,
          skipLibCheck: true,
        },
        files: ['consumer.ts'],
      }),
    )
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', '.'], { cwd: project, encoding: 'utf8' })

    // developer-sandbox/core runs where msw is not installed at all (msw is only a peer of the main entry).
    const bare = join(work, 'core-consumer')
    execFileSync('mkdir', ['-p', bare])
    writeFileSync(join(bare, 'package.json'), JSON.stringify({ name: 'core-consumer', private: true, type: 'module' }))
    npm(
      ['install', '--prefer-offline', '--no-audit', '--no-fund', '--silent', '--omit=peer', join(work, tarball ?? ''), 'fake-indexeddb@6'],
      bare,
    )
    writeFileSync(join(bare, 'consumer.mjs'), coreConsumer)
    const coreOutput = execFileSync(process.execPath, ['consumer.mjs'], { cwd: bare, encoding: 'utf8' })
    expect(JSON.parse(coreOutput.trim().split('\n').pop() ?? '{}')).toEqual({
      mswInstalled: false,
      playwrightInstalled: false,
      status: 200,
      apiVersion: '2026-08-12',
      limited: 429,
      fixtures: ['sandbox', 'sandboxKey'],
    })
  }, 480_000)

  it('refuses to install beside msw 2, naming the peer range it needs', () => {
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'))
    expect(tarball, 'the tarball from the test above').toBeDefined()
    const project = join(work, 'msw2-consumer')
    execFileSync('mkdir', ['-p', project])
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'msw2-consumer', private: true, dependencies: { msw: '^2.7.0' } }))
    const install = spawnSync('npm', ['install', '--dry-run', '--prefer-offline', '--no-audit', '--no-fund', join(work, tarball ?? '')], {
      cwd: project,
      encoding: 'utf8',
    })
    expect(install.status).not.toBe(0)
    expect(install.stderr).toContain('ERESOLVE')
    expect(install.stderr).toMatch(/peer msw@"\^3\.0\.0" from developer-sandbox@/)
  })

  it('runs `npx developer-sandbox` from the installed tarball: --help, then serve answering its own curl line', async () => {
    const project = join(work, 'consumer')
    const help = execFileSync('npx', ['--no-install', 'developer-sandbox', '--help'], { cwd: project, encoding: 'utf8' })
    expect(help).toMatch(/^Usage: developer-sandbox <command>/)

    // Its own process group, so stopping npx stops the server it started too.
    const server = spawn('npx', ['--no-install', 'developer-sandbox', 'serve', '--port', '0'], {
      cwd: project,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    server.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    const exited = new Promise((resolve) => server.once('exit', resolve))
    try {
      const deadline = Date.now() + 30_000
      while (!output.includes('Stop: Ctrl+C') && Date.now() < deadline && server.exitCode === null)
        await new Promise((resolve) => setTimeout(resolve, 50))
      const line = output.match(/^ {2}curl -H "([^"]+)" (\S+)$/m)
      expect(line, output).not.toBeNull()
      const answer = execFileSync('curl', ['-sS', '-H', line?.[1] ?? '', line?.[2] ?? ''], { encoding: 'utf8' })
      expect(JSON.parse(answer)).toMatchObject({ apiVersion: '2026-08-12', environment: 'sandbox' })
      // The banner's own command line runs as printed in the project it was printed in.
      const moreKeys = output.match(/More keys: (npx developer-sandbox .*)$/m)?.[1]
      expect(moreKeys, output).toBe('npx developer-sandbox keys issue --scopes status.read,tools.read')
      expect(execFileSync('sh', ['-c', moreKeys ?? ''], { cwd: project, encoding: 'utf8' })).toMatch(/svc_test_/)
    } finally {
      if (server.pid) process.kill(-server.pid, 'SIGTERM')
      await exited
    }
  }, 60_000)

  it('`npx developer-sandbox serve --open` from the installed tarball opens its playground, connected to that serve', async () => {
    const project = join(work, 'consumer')
    const openedFile = join(work, 'opened-url')
    // A stand-in for the system browser (serve honours $BROWSER): it notes the URL it was asked to open.
    const fakeBrowser = join(work, 'fake-browser.sh')
    writeFileSync(fakeBrowser, `#!/bin/sh\nprintf '%s' "$1" > '${openedFile}'\n`, { mode: 0o755 })
    const server = spawn('npx', ['--no-install', 'developer-sandbox', 'serve', '--port', '14552', '--open'], {
      cwd: project,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, BROWSER: fakeBrowser },
    })
    let output = ''
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    server.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    const exited = new Promise((resolve) => server.once('exit', resolve))
    const browser = await chromium.launch({
      ...(existsSync('/usr/bin/chromium') ? { executablePath: '/usr/bin/chromium' } : {}),
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    })
    try {
      const deadline = Date.now() + 60_000
      while (!existsSync(openedFile) && Date.now() < deadline && server.exitCode === null)
        await new Promise((resolve) => setTimeout(resolve, 50))
      expect(existsSync(openedFile), output).toBe(true)
      // The browser is given a page only this user can read, which carries the one-time link: no code in its arguments or the output.
      const opened = readFileSync(openedFile, 'utf8')
      expect(opened).toMatch(/^file:\/\/\/.+\.html$/)
      expect(readFileSync(new URL(opened), 'utf8')).toMatch(/http:\/\/127\.0\.0\.1:14552\/#handover=[A-Za-z0-9_-]+/)
      expect(output).toContain('Playground: http://127.0.0.1:14552/  (opened in your browser')
      expect(output).not.toContain('#handover=')

      const page = await browser.newPage()
      await page.goto(opened)
      await page.getByTestId('worker-status').filter({ hasText: 'Sandbox: serve at http://127.0.0.1:14552' }).waitFor({ timeout: 60_000 })
      expect(page.url()).not.toContain('handover')
      // The page reads serve's own state through its control API: the key serve issued at start is listed.
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Workspace', exact: true }).click()
      await page.getByText('issued by developer-sandbox serve').waitFor({ timeout: 30_000 })
    } finally {
      await browser.close()
      if (server.pid) process.kill(-server.pid, 'SIGTERM')
      await exited
    }
  }, 180_000)
})

/**
 * serve's one-time playground link exists only where it can be used: printed
 * to a terminal, or handed to the browser by `--open` through a page only
 * this user can read, never in the browser command's arguments; the page is
 * deleted once the code is used. Piped output holds no live code.
 */
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminHandover } from '../../src/server/adminHandover.ts'
import { playgroundHandover } from '../../src/server/playgroundHandover.ts'
import { BUILD_ROOT, REPOSITORY } from './support/paths.ts'
import { type RunningServer, scratchFolder, startServer } from './support/sandboxServer.ts'

const TOKEN = 'playground-handover-token-5f1a'
const ENV = { DEVELOPER_SANDBOX_ADMIN_TOKEN: TOKEN }
const ORIGIN = 'http://127.0.0.1:4010'

/** The compiled server with a (tiny) playground beside it, as the package carries one. */
let bin: string
const running: RunningServer[] = []
beforeAll(() => {
  // Inside the repository, so the compiled server finds its dependencies.
  const root = join(REPOSITORY, 'node_modules/.cache/server-with-playground')
  rmSync(root, { recursive: true, force: true })
  cpSync(BUILD_ROOT, root, { recursive: true })
  mkdirSync(join(root, 'dist-lib/playground'), { recursive: true })
  writeFileSync(join(root, 'dist-lib/playground/index.html'), '<!doctype html><html><head></head><body>playground</body></html>')
  bin = join(root, 'dist-lib/server/bin.js')
})
afterAll(async () => {
  for (const server of running) await server.stop()
})

describe('the playground hand-over', () => {
  it('prints a live link to a terminal only; elsewhere the plain address and where the token is', () => {
    const at = (terminal: boolean, opening: boolean) => {
      const handover = new AdminHandover(
        () => TOKEN,
        () => ORIGIN,
      )
      return playgroundHandover(handover, ORIGIN, opening, terminal).banner('in /tmp/state.db.lock')
    }
    expect(at(true, false).printed).toMatch(/^http:\/\/127\.0\.0\.1:4010\/#handover=[\w-]{16,}$/)
    expect(at(false, false)).toEqual({ printed: `${ORIGIN}/`, note: 'the page asks for the admin token, in /tmp/state.db.lock' })
    expect(at(false, true)).toEqual({ printed: `${ORIGIN}/`, note: 'opened in your browser, which is handed the admin token once' })
    expect(playgroundHandover(undefined, ORIGIN, true, true).banner('x')).toEqual({ printed: undefined, note: undefined })
  })

  it('prints no live code when its output is not a terminal', async () => {
    const server = await startServer(scratchFolder(), [], bin, ENV)
    running.push(server)
    expect(server.output()).toContain(
      `Playground: ${server.origin}/  (the page asks for the admin token, from DEVELOPER_SANDBOX_ADMIN_TOKEN)`,
    )
    expect(server.output()).not.toContain('handover')
  })

  it('with --open, hands the code to the browser in a page only this user reads, not in its arguments, and deletes it once used', async () => {
    const folder = scratchFolder()
    const browser = join(folder, 'browser.sh')
    const seen = join(folder, 'seen')
    // The "browser" records what any user could see of it (its arguments) and what it was given to read.
    writeFileSync(
      browser,
      `#!/bin/sh\nprintf '%s' "$*" > "${seen}.args"\nfile="\${1#file://}"\nstat -c %a "$file" > "${seen}.mode"\nstat -c %a "$(dirname "$file")" > "${seen}.folder"\ncat "$file" > "${seen}.page"\n`,
    )
    chmodSync(browser, 0o700)
    const server = await startServer(folder, ['--open'], bin, { ...ENV, BROWSER: browser })
    running.push(server)
    expect(server.output()).not.toContain('handover')
    const deadline = Date.now() + 10_000
    while (!existsSync(`${seen}.page`) || readFileSync(`${seen}.page`, 'utf8') === '') {
      if (Date.now() > deadline) throw new Error(`The browser was not started: ${server.errors()}`)
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    const args = readFileSync(`${seen}.args`, 'utf8')
    const page = readFileSync(`${seen}.page`, 'utf8')
    const code = page.match(/#handover=([\w-]+)/)?.[1] ?? ''
    expect(code.length).toBeGreaterThanOrEqual(16)
    expect(args).toMatch(/^file:\/\/\/.+\.html$/)
    expect(args).not.toContain(code)
    expect(readFileSync(`${seen}.mode`, 'utf8').trim()).toBe('600')
    expect(readFileSync(`${seen}.folder`, 'utf8').trim()).toBe('700')
    expect(page).toContain(`location.replace("${server.origin}/#handover=${code}")`)
    const file = fileURLToPath(args)
    expect(statSync(file).isFile()).toBe(true)

    const traded = await fetch(`${server.origin}/_playground/handover`, {
      method: 'POST',
      headers: { Origin: server.origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
    })
    expect([traded.status, await traded.json()]).toEqual([200, { token: TOKEN }])
    expect(existsSync(file)).toBe(false)
  })
})

import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { curl } from './support/clients.ts'
import { runCommand, scratchFolder, startServer } from './support/sandboxServer.ts'

const STATE = '.developer-sandbox/state.json'

function status(origin: string, key: string) {
  return curl(['-H', `Authorization: Bearer ${key}`, `${origin}/api/developer/v1/status`])
}

function statusRequestsCounted(origin: string, key: string): number {
  const usage = curl(['-H', `Authorization: Bearer ${key}`, `${origin}/api/developer/v1/usage`])
  expect(usage.status).toBe(200)
  const days = JSON.parse(usage.body).days as { operations: Record<string, { requests: number }> }[]
  return days.reduce((sum, day) => sum + (day.operations.getProjectStatus?.requests ?? 0), 0)
}

function issue(folder: string, scopes: string): { id: string; key: string } {
  const result = runCommand(folder, ['keys', 'issue', '--scopes', scopes, '--json'])
  expect(result.status, result.stderr).toBe(0)
  return JSON.parse(result.stdout)
}

describe('state across restarts', () => {
  it('keeps keys, usage and revocations after SIGTERM', async () => {
    const folder = scratchFolder()
    const first = await startServer(folder)
    const key = first.key ?? ''
    const other = issue(folder, 'status.read')
    for (let index = 0; index < 3; index++) expect(status(first.origin, key).status).toBe(200)
    expect(status(first.origin, other.key).status).toBe(200)
    expect(runCommand(folder, ['keys', 'revoke', other.id]).status).toBe(0)
    expect(status(first.origin, other.key).status).toBe(401)
    const before = statusRequestsCounted(first.origin, key)
    expect(before).toBe(5)
    expect(await first.stop('SIGTERM')).toEqual({ code: 0, signal: null })
    expect(first.output()).toContain('Stopped (SIGTERM); state saved to')

    const second = await startServer(folder)
    try {
      expect(second.key, 'no new key while an active one exists').toBeUndefined()
      expect(status(second.origin, key).status).toBe(200)
      const revoked = status(second.origin, other.key)
      expect(revoked.status).toBe(401)
      expect(JSON.parse(revoked.body).code).toBe('key_revoked')
      expect(statusRequestsCounted(second.origin, key)).toBeGreaterThanOrEqual(before + 1)
    } finally {
      await second.stop()
    }
  })

  it('keeps counts written within a second, and a key issued just before kill -9', async () => {
    const folder = scratchFolder()
    const first = await startServer(folder)
    const key = first.key ?? ''
    for (let index = 0; index < 4; index++) expect(status(first.origin, key).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect(await first.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' })

    const second = await startServer(folder)
    // Nothing but the write-behind saved these four: no key changed since the start.
    expect(statusRequestsCounted(second.origin, key)).toBe(4)
    const issued = issue(folder, 'status.read')
    expect(await second.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' })

    const third = await startServer(folder)
    try {
      expect(status(third.origin, issued.key).status).toBe(200)
    } finally {
      await third.stop()
    }
  })

  it('never writes a plaintext key to the state file', async () => {
    const folder = scratchFolder()
    const server = await startServer(folder)
    const issued = issue(folder, 'status.read')
    await server.stop()
    const state = readFileSync(join(folder, STATE), 'utf8')
    expect(state).not.toContain(server.key ?? 'missing')
    expect(state).not.toContain(issued.key)
    expect(JSON.parse(state).keys).toHaveLength(2)
  })
})

describe('refusing to start', () => {
  it('refuses a second server on the same state file, naming the first', async () => {
    const folder = scratchFolder()
    const first = await startServer(folder)
    try {
      const second = runCommand(folder, ['serve', '--port', '0'])
      expect(second.status).toBe(1)
      expect(second.stderr.trim()).toBe(
        `Failed to use the state file "${join(folder, STATE)}": a developer-sandbox server (pid ${first.child.pid}) already serves it at ${first.origin}. Stop that server, or pass --state <another file>.`,
      )
      expect(status(first.origin, first.key ?? '').status).toBe(200)
    } finally {
      await first.stop()
    }
  })

  it('refuses a corrupt or foreign state file and leaves it untouched', () => {
    const folder = scratchFolder()
    for (const content of ['{"format":"developer-sandbox/workspace", broken', '{"hello":"world"}\n']) {
      runCommand(folder, ['keys', 'list'])
      writeFileSync(join(folder, STATE), content)
      const result = runCommand(folder, ['serve', '--port', '0'])
      expect(result.status).toBe(1)
      expect(result.stderr.trim().split('\n')).toHaveLength(1)
      expect(result.stderr).toMatch(/^Failed to (read|load) the state file ".+state\.json": .+ It was left untouched/)
      expect(readFileSync(join(folder, STATE), 'utf8')).toBe(content)
    }
  })

  it('names the port in use and the fix', async () => {
    const folder = scratchFolder()
    const first = await startServer(folder)
    try {
      const result = runCommand(scratchFolder(), ['serve', '--port', String(first.port)])
      expect(result.status).toBe(2)
      expect(result.stderr).toBe(
        `Failed to start the server on port ${first.port}: the port is in use. Stop what is using it, or pass --port <another port> (--port 0 picks a free one).\n`,
      )
    } finally {
      await first.stop()
    }
  })

  it('answers a bad flag with one line and --help on every command', () => {
    const folder = scratchFolder()
    const bad = runCommand(folder, ['serve', '--prot', '80'])
    expect(bad.status).toBe(2)
    expect(bad.stderr).toBe("Failed to read the command line: Unknown option '--prot'. Run developer-sandbox serve --help.\n")
    for (const args of [['--help'], ['serve', '--help'], ['keys', '--help']]) {
      const help = runCommand(folder, args)
      expect(help.status).toBe(0)
      expect(help.stdout).toMatch(/^Usage: developer-sandbox/)
    }
  })
})

describe('keys without a running server', () => {
  it('issues, lists and revokes on the state file, and the server then honours it', async () => {
    const folder = scratchFolder()
    const issued = issue(folder, 'status.read,tools.read')
    const listed = runCommand(folder, ['keys', 'list'])
    expect(listed.stdout).toContain(`${issued.id}  active`)
    expect(listed.stdout).not.toContain(issued.key)
    const revoked = issue(folder, 'status.read')
    expect(runCommand(folder, ['keys', 'revoke', revoked.id]).stdout).toContain(`Revoked ${revoked.id}  revoked`)
    const unknown = runCommand(folder, ['keys', 'revoke', 'key_nope'])
    expect(unknown.status).toBe(2)
    expect(unknown.stderr).toBe('Failed to revoke key "key_nope": no such key.\n')

    const server = await startServer(folder)
    try {
      expect(server.key).toBeUndefined()
      expect(status(server.origin, issued.key).status).toBe(200)
      expect(status(server.origin, revoked.key).status).toBe(401)
    } finally {
      await server.stop()
    }
  })
})

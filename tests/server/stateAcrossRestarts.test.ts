import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { createSandboxCore } from '../../src/api/core.ts'
import { curl } from './support/clients.ts'
import { runCommand, scratchFolder, startServer } from './support/sandboxServer.ts'

const STATE = '.developer-sandbox/state.db'
const LEGACY_STATE = '.developer-sandbox/state.json'

/** How many records of a store the state database holds. */
function savedRecords(folder: string, store: string): number {
  const db = new DatabaseSync(join(folder, STATE), { readOnly: true })
  try {
    return Number(db.prepare('SELECT count(*) AS n FROM records WHERE store = ?').get(store)?.n)
  } finally {
    db.close()
  }
}

/** A workspace export with one key, as the playground's Export writes it. */
async function playgroundExport(): Promise<{ json: string; key: string }> {
  const sandbox = createSandboxCore({ memory: true })
  const { key } = await sandbox.workspace.issueKey({ scopes: ['status.read'], app: 'from-the-playground' })
  const json = JSON.stringify(await sandbox.workspace.exportState())
  await sandbox.close()
  return { json, key }
}

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

  it('never writes a plaintext key to the state file, its log, or anything beside it', async () => {
    const folder = scratchFolder()
    const server = await startServer(folder)
    const issued = issue(folder, 'status.read')
    const onDisk = () =>
      readdirSync(join(folder, '.developer-sandbox'))
        .map((name) => readFileSync(join(folder, '.developer-sandbox', name), 'latin1'))
        .join('\n')
    expect(onDisk()).not.toContain(issued.key)
    await server.stop()
    expect(onDisk()).not.toContain(server.key ?? 'missing')
    expect(onDisk()).not.toContain(issued.key)
    expect(savedRecords(folder, 'keys')).toBe(2)
  })

  it('starts from a playground export with --import, and refuses to import over keys', async () => {
    const folder = scratchFolder()
    const exported = await playgroundExport()
    writeFileSync(join(folder, 'workspace.json'), exported.json)
    const server = await startServer(folder, ['--import', 'workspace.json'])
    try {
      expect(server.key, 'the imported key is active, so none is issued').toBeUndefined()
      expect(server.output()).toContain(`Imported ${join(folder, 'workspace.json')} into ${join(folder, STATE)}`)
      const answer = status(server.origin, exported.key)
      expect(answer.status).toBe(200)
      expect(JSON.parse(answer.body).project.app).toBe('from-the-playground')
    } finally {
      await server.stop()
    }
    const again = runCommand(folder, ['serve', '--port', '0', '--import', 'workspace.json'])
    expect(again.status).toBe(1)
    expect(again.stderr).toMatch(
      /^Failed to import ".+workspace\.json": the state ".+state\.db" already holds 1 key, and an import replaces everything\. Pass a new --state file\.\n$/,
    )
    expect(savedRecords(folder, 'keys')).toBe(1)
  })

  it('brings the JSON state of an earlier version into the database once, and leaves the JSON file as it was', async () => {
    const folder = scratchFolder()
    const exported = await playgroundExport()
    mkdirSync(join(folder, '.developer-sandbox'))
    writeFileSync(join(folder, LEGACY_STATE), exported.json)
    const listed = runCommand(folder, ['keys', 'list', '--json'])
    expect(listed.status, listed.stderr).toBe(0)
    expect(JSON.parse(listed.stdout).map((key: { app: string }) => key.app)).toEqual(['from-the-playground'])
    const server = await startServer(folder)
    try {
      expect(server.output(), 'imported by the keys command already').not.toContain('Imported')
      expect(status(server.origin, exported.key).status).toBe(200)
    } finally {
      await server.stop()
    }
    expect(readFileSync(join(folder, LEGACY_STATE), 'utf8')).toBe(exported.json)
  })
})

describe('keys for scripts', () => {
  it('prints only the key with --quiet, only the ids when listing, and refuses --json with --quiet before changing anything', () => {
    const folder = scratchFolder()
    const issued = runCommand(folder, ['keys', 'issue', '--scopes', 'status.read', '-q'])
    expect(issued.status, issued.stderr).toBe(0)
    expect(issued.stdout).toMatch(/^svc_test_[A-Za-z0-9_-]{43}\n$/)
    const listed = JSON.parse(runCommand(folder, ['keys', 'list', '--json']).stdout) as { id: string; lastFour: string }[]
    expect(listed.map((key) => key.lastFour)).toEqual([issued.stdout.trim().slice(-4)])
    expect(runCommand(folder, ['keys', 'list', '--quiet']).stdout).toBe(`${listed[0]?.id}\n`)
    const both = runCommand(folder, ['keys', 'issue', '--scopes', 'status.read', '--json', '--quiet'])
    expect(both.status).toBe(2)
    expect(both.stderr).toBe('Failed to read the command line: pass --json or --quiet, not both.\n')
    expect(JSON.parse(runCommand(folder, ['keys', 'list', '--json']).stdout)).toEqual(listed)
    expect(runCommand(folder, ['keys', 'revoke', listed[0]?.id ?? '', '-q']).stdout).toBe('')
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

  it('refuses a corrupt, foreign or old-format state file and leaves it untouched', () => {
    const folder = scratchFolder()
    const path = join(folder, STATE)
    const foreign = join(folder, 'foreign.db')
    const other = new DatabaseSync(foreign)
    other.exec('CREATE TABLE notes (text TEXT)')
    other.close()
    const cases: [string, Buffer, RegExp][] = [
      [
        'garbage',
        Buffer.from('not a database at all, just some bytes'.repeat(4)),
        /it is not a developer-sandbox state \(not a SQLite database\)/,
      ],
      ['old JSON state', Buffer.from('{"format":"developer-sandbox/workspace"}\n'), /it is JSON .+ bring it in with --import/],
      ['foreign SQLite', readFileSync(foreign), /it is a SQLite database, but not a developer-sandbox state/],
    ]
    // A valid state to break below: issuing a key writes one (listing on an empty folder writes nothing).
    runCommand(folder, ['keys', 'issue', '--scopes', 'status.read'])
    const valid = readFileSync(path)
    for (const [name, content, reason] of cases) {
      writeFileSync(path, content)
      const result = runCommand(folder, ['serve', '--port', '0'])
      expect(result.status, name).toBe(1)
      expect(result.stderr.trim().split('\n'), name).toHaveLength(1)
      expect(result.stderr, name).toMatch(/^Failed to open the state file ".+state\.db": .+ It was left untouched/)
      expect(result.stderr, name).toMatch(reason)
      expect(readFileSync(path).equals(content), name).toBe(true)
    }
    // A state whose records break the workspace's rules: a key of a project that is not there.
    writeFileSync(path, valid)
    const db = new DatabaseSync(path)
    db.prepare('INSERT INTO records (store, key, value) VALUES (?, ?, ?)').run(
      'keys',
      '"key_orphan"',
      JSON.stringify({
        id: 'key_orphan',
        hash: '0'.repeat(64),
        lastFour: 'abcd',
        projectId: 'prj_gone',
        app: 'a',
        environment: 'b',
        scopes: ['status.read'],
        createdAt: 1,
        expiresAt: 2,
        revokedAt: null,
        label: '',
      }),
    )
    db.close()
    const broken = readFileSync(path)
    const result = runCommand(folder, ['serve', '--port', '0'])
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(
      /^Failed to load the state file ".+state\.db": keys\[\d+\] belongs to project "prj_gone", which is not in the file\.\nThe record: \{"id":"key_orphan".*\nThe file was left untouched/,
    )
    expect(readFileSync(path).equals(broken)).toBe(true)
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
    expect(bad.stderr).toBe("Failed to read the command line: Unknown option '--prot'. Run npx developer-sandbox serve --help.\n")
    for (const args of [['--help'], ['serve', '--help'], ['keys', '--help']]) {
      const help = runCommand(folder, args)
      expect(help.status).toBe(0)
      expect(help.stdout).toMatch(/^Usage: developer-sandbox/)
    }
  })
})

describe('keys without a running server', () => {
  it('reads a folder with no state without creating one: list finds no key, revoke no such key, control no server', () => {
    const folder = scratchFolder()
    const before = readdirSync(folder)
    const listed = runCommand(folder, ['keys', 'list'])
    expect(listed.status).toBe(0)
    expect(listed.stdout).toBe('No keys yet: developer-sandbox keys issue --scopes status.read\n')
    expect(runCommand(folder, ['keys', 'list', '--json']).stdout).toBe('[]\n')
    const unknown = runCommand(folder, ['keys', 'revoke', 'key_nope'])
    expect(unknown.status).toBe(2)
    expect(unknown.stderr).toBe('Failed to revoke key "key_nope": no such key.\n')
    const control = runCommand(folder, ['control', 'requests'])
    expect(control.status).toBe(2)
    expect(control.stderr).toMatch(/^Failed to find a sandbox to control: no server runs on this state file/)
    expect(readdirSync(folder)).toEqual(before)
  })

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

import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { hasPython } from './support/clients.ts'
import { BIN } from './support/paths.ts'
import { runCommand, scratchFolder, startServer } from './support/sandboxServer.ts'

const STATE = '.developer-sandbox/state.db'

function writeLockFile(folder: string, owner: object): void {
  mkdirSync(join(folder, '.developer-sandbox'), { recursive: true })
  writeFileSync(join(folder, `${STATE}.lock`), JSON.stringify(owner))
}

/** Whether `pid` is a zombie: dead, its parent not having waited for it yet. */
async function isZombie(pid: number): Promise<boolean> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  return /^State:\s+Z/m.test(status)
}

describe('the state lock', () => {
  it('starts over a lock file that names a live process unrelated to the sandbox', async () => {
    // The test runner's parent is alive and is not a sandbox: a restarted container often hands a stale lock's pid to such a process.
    const folder = scratchFolder()
    writeLockFile(folder, {
      pid: process.ppid,
      startedAt: '2026-01-01T00:00:00.000Z',
      server: { url: 'http://127.0.0.1:9', adminToken: 'stale' },
    })
    const server = await startServer(folder)
    try {
      expect(server.errors()).toBe('')
      const listed = runCommand(folder, ['keys', 'list', '--json'])
      expect(listed.stderr).toBe('')
      expect(JSON.parse(listed.stdout)).toHaveLength(1)
    } finally {
      await server.stop()
    }
  })

  it('restarts at once on the state of a SIGKILLed server', async () => {
    const folder = scratchFolder()
    const first = await startServer(folder)
    expect(await first.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' })
    const second = await startServer(folder)
    try {
      expect(second.key).toBeUndefined()
      const listed = runCommand(folder, ['keys', 'list', '--json'])
      expect(listed.stderr).toBe('')
      expect(JSON.parse(listed.stdout)).toHaveLength(1)
    } finally {
      await second.stop()
    }
  })

  it.runIf(hasPython)('restarts at once while the killed server is a zombie its parent has not reaped', async () => {
    const folder = scratchFolder()
    // Python starts the server and never waits for it, so once killed it stays a zombie.
    const program = [
      'import subprocess, sys, time',
      `child = subprocess.Popen([sys.argv[1], sys.argv[2], 'serve', '--port', '0'], stdout=subprocess.PIPE)`,
      'while b"Stop: Ctrl+C" not in child.stdout.readline(): pass',
      'print(child.pid, flush=True)',
      'time.sleep(60)',
    ].join('\n')
    const parent: ChildProcess = spawn('python3', ['-c', program, process.execPath, BIN], {
      cwd: folder,
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    try {
      const pid = await new Promise<number>((resolve, reject) => {
        parent.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())))
        parent.once('exit', (code) => reject(new Error(`Failed to start the server under python: exit ${code}`)))
      })
      process.kill(pid, 'SIGKILL')
      while (!(await isZombie(pid))) await new Promise((resolve) => setTimeout(resolve, 20))
      const second = await startServer(folder)
      await second.stop()
    } finally {
      parent.kill('SIGKILL')
    }
  })

  it('refuses a second server clearly, and lets the keys command reach the first', async () => {
    const folder = scratchFolder()
    const first = await startServer(folder)
    try {
      const second = runCommand(folder, ['serve', '--port', '0'])
      expect(second.status).toBe(1)
      expect(second.stderr).toContain(`a developer-sandbox server (pid ${first.child.pid}) already serves it at ${first.origin}`)
      const issued = runCommand(folder, ['keys', 'issue', '--scopes', 'status.read', '--json'])
      expect(issued.stderr).toBe('')
      const listed = runCommand(folder, ['keys', 'list', '--json'])
      expect(JSON.parse(listed.stdout)).toHaveLength(2)
    } finally {
      await first.stop()
    }
  })
})

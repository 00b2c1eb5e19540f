/**
 * One owner per state file: a lock file beside it (`<state>.lock`) naming the
 * owning process and, for a server, where it answers and its admin token. A
 * lock left by a dead process (`kill -9`) is taken over; a live owner's is not.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

export interface LockOwner {
  pid: number
  startedAt: string
  /** Set by a server once it listens: the `keys` commands talk to it there. */
  server?: { url: string; adminToken: string }
}

export class StateInUseError extends Error {
  override name = 'StateInUseError'
  constructor(
    readonly statePath: string,
    readonly owner: LockOwner,
  ) {
    super(
      owner.server
        ? `Failed to use the state file "${statePath}": a developer-sandbox server (pid ${owner.pid}) already serves it at ${owner.server.url}. Stop that server, or pass --state <another file>.`
        : `Failed to use the state file "${statePath}": another developer-sandbox process (pid ${owner.pid}) is using it. Wait for it to finish, or pass --state <another file>.`,
    )
  }
}

/** A lock file still being written by its owner is younger than this; an unreadable older one is stale. */
const UNREADABLE_GRACE_MS = 5000

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function readOwner(lockPath: string): Promise<{ owner?: LockOwner; text: string } | undefined> {
  let text: string
  try {
    text = await readFile(lockPath, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  try {
    const owner = JSON.parse(text) as LockOwner
    return Number.isInteger(owner.pid) ? { owner, text } : { text }
  } catch {
    return { text }
  }
}

export class StateLock {
  readonly path: string
  #owner: LockOwner

  private constructor(path: string, owner: LockOwner) {
    this.path = path
    this.#owner = owner
  }

  get owner(): LockOwner {
    return this.#owner
  }

  /** Reads who holds the lock on a state file, if a live process does. */
  static async holder(statePath: string): Promise<LockOwner | undefined> {
    const found = await readOwner(`${statePath}.lock`)
    return found?.owner && isAlive(found.owner.pid) ? found.owner : undefined
  }

  /** @throws StateInUseError when a live process holds the state. */
  static async acquire(statePath: string): Promise<StateLock> {
    const path = `${statePath}.lock`
    const owner: LockOwner = { pid: process.pid, startedAt: new Date().toISOString() }
    await mkdir(dirname(statePath), { recursive: true, mode: 0o700 })
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await writeFile(path, JSON.stringify(owner), { flag: 'wx', mode: 0o600 })
        return new StateLock(path, owner)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
      const found = await readOwner(path)
      if (!found) continue
      if (found.owner) {
        if (isAlive(found.owner.pid)) throw new StateInUseError(statePath, found.owner)
      } else {
        const age = Date.now() - (await stat(path)).mtimeMs
        if (age < UNREADABLE_GRACE_MS) throw new StateInUseError(statePath, { pid: 0, startedAt: '' })
      }
      // Stale: its owner is gone. Remove it only if it is still the file we judged.
      const again = await readOwner(path)
      if (again?.text === found.text) await unlink(path).catch(() => {})
    }
    throw new Error(`Failed to lock the state file "${statePath}": the lock file "${path}" kept changing.`)
  }

  /** Records where this server answers, with its admin token (a fresh one unless given) only the user's own processes can read. */
  async announceServer(url: string, given?: string): Promise<string> {
    const adminToken = given ?? randomBytes(32).toString('base64url')
    this.#owner = { ...this.#owner, server: { url, adminToken } }
    const temporary = `${this.path}.${process.pid}.tmp`
    await writeFile(temporary, JSON.stringify(this.#owner), { mode: 0o600 })
    await rename(temporary, this.path)
    return adminToken
  }

  async release(): Promise<void> {
    const found = await readOwner(this.path).catch(() => undefined)
    if (found?.owner?.pid === process.pid) await unlink(this.path).catch(() => {})
  }
}

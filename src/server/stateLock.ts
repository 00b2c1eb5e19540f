/**
 * One owner per state file. The lock is an exclusive SQLite lock on
 * `<state>.lock.sqlite`, which the operating system drops the moment its
 * holder dies (kill -9, a crash, a zombie not yet reaped), so no process id
 * is ever judged: a process id that now belongs to another program cannot
 * keep the state locked. Beside it, `<state>.lock` names the holder and, for
 * a server, where it answers and its admin token; it is believed only while
 * the lock is held. See docs/decisions/021-http-server-edges.md.
 */
import { randomBytes } from 'node:crypto'
import { closeSync, existsSync, openSync } from 'node:fs'
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { DatabaseSync } from 'node:sqlite'

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
    /** Who holds the lock, when it has said so yet. */
    readonly owner: LockOwner | undefined,
  ) {
    super(
      owner?.server
        ? `Failed to use the state file "${statePath}": a developer-sandbox server (pid ${owner.pid}) already serves it at ${owner.server.url}. Stop that server, or pass --state <another file>.`
        : `Failed to use the state file "${statePath}": another developer-sandbox process${owner ? ` (pid ${owner.pid})` : ''} is using it. Wait for it to finish, or pass --state <another file>.`,
    )
  }
}

/** SQLite's "database is locked": another connection holds the lock. */
const SQLITE_BUSY = 5

async function readOwner(detailsPath: string): Promise<LockOwner | undefined> {
  try {
    const owner = JSON.parse(await readFile(detailsPath, 'utf8')) as LockOwner
    return Number.isInteger(owner.pid) ? owner : undefined
  } catch {
    // Missing (the holder has not written it yet) or half-written: nothing to name.
    return undefined
  }
}

async function writeOwner(detailsPath: string, owner: LockOwner): Promise<void> {
  const temporary = `${detailsPath}.${process.pid}.tmp`
  await writeFile(temporary, JSON.stringify(owner), { mode: 0o600 })
  await rename(temporary, detailsPath)
}

/**
 * Takes the exclusive lock on `path`, or answers undefined when another
 * connection, in any process, holds it. The lock lasts as long as the connection.
 */
function takeOsLock(path: string): DatabaseSync | undefined {
  closeSync(openSync(path, 'a', 0o600))
  const db = new DatabaseSync(path, { timeout: 0 })
  try {
    // MEMORY: no journal file beside the lock; EXCLUSIVE: the lock a write takes is kept until close.
    db.exec('PRAGMA journal_mode = MEMORY; PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; COMMIT')
    return db
  } catch (error) {
    db.close()
    if ((error as { errcode?: number }).errcode === SQLITE_BUSY) return undefined
    throw new Error(`Failed to lock "${path}": ${error instanceof Error ? error.message : String(error)}`)
  }
}

export class StateLock {
  readonly #details: string
  readonly #db: DatabaseSync
  #owner: LockOwner

  private constructor(details: string, db: DatabaseSync, owner: LockOwner) {
    this.#details = details
    this.#db = db
    this.#owner = owner
  }

  get owner(): LockOwner {
    return this.#owner
  }

  /** The file that names the holder, its server's URL and its admin token. */
  get path(): string {
    return this.#details
  }

  /**
   * The server that holds the state, as its lock file names it, or undefined
   * when none does (the lock is then taken and given back at once).
   */
  static async runningServer(statePath: string): Promise<LockOwner['server']> {
    // A server makes its state file before it answers: with none, none runs, and asking must not create the folder.
    if (!existsSync(statePath)) return undefined
    try {
      await (await StateLock.acquire(statePath)).release()
      return undefined
    } catch (error) {
      if (error instanceof StateInUseError) return error.owner?.server
      throw error
    }
  }

  /** @throws StateInUseError when another process, or another lock in this one, holds the state. */
  static async acquire(statePath: string): Promise<StateLock> {
    const details = `${statePath}.lock`
    await mkdir(dirname(statePath), { recursive: true, mode: 0o700 })
    const db = takeOsLock(`${statePath}.lock.sqlite`)
    if (!db) throw new StateInUseError(statePath, await readOwner(details))
    const owner: LockOwner = { pid: process.pid, startedAt: new Date().toISOString() }
    try {
      // Whatever the file said before was left by a holder that is gone.
      await writeOwner(details, owner)
    } catch (error) {
      db.close()
      throw error
    }
    return new StateLock(details, db, owner)
  }

  /** Records where this server answers, with its admin token (a fresh one unless given) only the user's own processes can read. */
  async announceServer(url: string, given?: string): Promise<string> {
    const adminToken = given ?? randomBytes(32).toString('base64url')
    this.#owner = { ...this.#owner, server: { url, adminToken } }
    await writeOwner(this.#details, this.#owner)
    return adminToken
  }

  async release(): Promise<void> {
    if (!this.#db.isOpen) return
    // The details go first: once the lock is free, a new holder may already be writing its own.
    await unlink(this.#details).catch(() => {})
    this.#db.close()
  }
}

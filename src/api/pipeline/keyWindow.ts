import { keyStatus } from '../domain/keys.ts'
import { currentWindow, type RateLimitState } from '../domain/rateLimit.ts'
import type { Connection } from '../store/connection.ts'
import type { Deadlines } from './deadlines.ts'

/**
 * The rate-limit window of the key a request carries, for a request refused
 * before its key was checked (bad `X-Request-ID`, 404, 405, 413, the
 * authorization fault, a body that failed to arrive): the headers then tell
 * the key's holder what they hold, not a fresh window. Read only, so nothing
 * is counted; `undefined` when the key is unknown, revoked or expired.
 * @note Only reached on refusals, never on the request hot path.
 */
export async function keyWindow(
  connection: Connection,
  deadlines: Deadlines,
  hash: string,
  now: () => number,
): Promise<RateLimitState | undefined> {
  const db = await connection.get()
  const tx = db.transaction(['keys', 'keyActivity'], 'readonly')
  const release = deadlines.set(() => tx.abort())
  try {
    const key = await tx.objectStore('keys').index('byHash').read(hash)
    if (!key) return undefined
    // Read with the stores held, as the rate check does, so no stamp committed ahead of it is in its future.
    const at = now()
    if (keyStatus(key, at) !== 'active') return undefined
    return currentWindow(await tx.objectStore('keyActivity').read(key.id), at)
  } finally {
    tx.commit()
    release()
  }
}

/** Many keys for an HTTP benchmark, and a workspace export holding them for serve to import. */
import { writeFileSync } from 'node:fs'
import { loadLibrary } from '../lib/library.ts'

/** `count` distinct plaintext keys in the key format (`svc_test_` + 43 characters), numbered after `tag`. */
export const plaintextKeys = (tag: string, count: number) =>
  Array.from({ length: count }, (_, index) => `svc_test_${tag}${String(index).padStart(43 - tag.length, '0')}`)

/**
 * A workspace export holding enough keys for the whole run, made by the
 * library's fixture builder (no store involved, so this process's copy of the
 * core stays as untouched as the server's). Every key starts with a full
 * window of stamps from two minutes ago (past the limit's reach, so they
 * refuse nothing): the state is as large at the first request as it can get,
 * and any growth of memory during the run comes from requests, not from keys
 * filling their windows. With `fullWindows: false` the keys start unused: an
 * import through the control API, whose body is capped at 16 MiB, then holds
 * 24,000 keys (their full windows would take some 40 MB).
 */
export async function stateWithKeys(path: string, count: number, { fullWindows = true } = {}): Promise<string[]> {
  const { snapshotFromFixture } = await loadLibrary()
  const keys = plaintextKeys('bench', count)
  // The scope the request needs, and no more: the answer is then the bare server's body, byte for byte in size.
  const snapshot = snapshotFromFixture({ keys: keys.map((key, index) => ({ key, scopes: ['status.read'], label: `bench ${index}` })) })
  const past = Date.now() - 120_000
  if (fullWindows)
    snapshot.keyActivity = snapshot.keys.map(({ id }) => ({
      keyId: id,
      stamps: Array.from({ length: 120 }, (_, index) => past + index),
      lastUsedAt: past + 119,
    }))
  writeFileSync(path, JSON.stringify(snapshot))
  return keys
}

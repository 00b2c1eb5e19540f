/**
 * The opt-in "remember in this browser" of a key: its plaintext in this
 * origin's localStorage, like a `.env` file on disk. Off by default and per
 * key; every other key stays in the memory of the tab that issued it. Only
 * strings shaped like a sandbox key are read back.
 */

/** The localStorage entry, named in the UI so a reader knows where the secret sits. */
export const REMEMBERED_KEYS_STORAGE_KEY = 'developer-sandbox-playground:remembered-keys'

const KEY_SHAPE = /^svc_test_[A-Za-z0-9_-]{43}$/

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined
  } catch {
    // Storage blocked: nothing can be remembered, and nothing was.
    return undefined
  }
}

/** Key id → plaintext, for the keys the user chose to remember here. */
export function readRememberedKeys(raw = storage()?.getItem(REMEMBERED_KEYS_STORAGE_KEY) ?? null): Record<string, string> {
  if (raw === null) return {}
  try {
    const parsed: unknown = JSON.parse(raw)
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {}
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && KEY_SHAPE.test(entry[1])),
    )
  } catch {
    return {}
  }
}

function write(keys: Record<string, string>): void {
  const store = storage()
  if (!store) return
  if (Object.keys(keys).length === 0) store.removeItem(REMEMBERED_KEYS_STORAGE_KEY)
  else store.setItem(REMEMBERED_KEYS_STORAGE_KEY, JSON.stringify(keys))
}

export function rememberKey(id: string, key: string): void {
  write({ ...readRememberedKeys(), [id]: key })
}

/** Forgets the listed keys, or all of them. */
export function forgetRememberedKeys(ids?: readonly string[]): void {
  if (!ids) write({})
  else write(Object.fromEntries(Object.entries(readRememberedKeys()).filter(([id]) => !ids.includes(id))))
}

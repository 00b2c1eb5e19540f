/**
 * A Web Lock held for as long as this page lives. The browser releases it
 * when the page is gone, however it went (closed, navigated, crashed), which
 * IndexedDB work started in `pagehide` cannot promise. Keys are labelled with
 * the lock's name, so any later embed can tell a live page's key from an orphan.
 */

const PREFIX = 'developer-sandbox-embed:page:'

export interface PageLock {
  /** This page's lock name, written into the label of every key it issues. */
  name: string
}

function randomName(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8))
  return PREFIX + Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** Whether Web Locks work here; blocked-storage frames and old browsers have none. */
function locks(): LockManager | undefined {
  try {
    return navigator.locks ?? undefined
  } catch {
    return undefined
  }
}

/** Takes this page's lock and keeps it until the page dies; undefined where Web Locks are unavailable. */
export async function holdPageLock(): Promise<PageLock | undefined> {
  const manager = locks()
  if (!manager) return undefined
  const name = randomName()
  try {
    await new Promise<void>((granted, refused) => {
      // The callback's promise never settles, so the lock is held until the page goes away.
      manager
        .request(name, () => {
          granted()
          return new Promise<never>(() => {})
        })
        .catch(refused)
    })
  } catch {
    return undefined
  }
  return { name }
}

/** Lock names of embed pages alive right now, in this storage partition; undefined when that cannot be known. */
export async function livePageLocks(): Promise<Set<string> | undefined> {
  const manager = locks()
  if (!manager) return undefined
  try {
    const { held = [] } = await manager.query()
    return new Set(held.flatMap((lock) => (lock.name?.startsWith(PREFIX) ? [lock.name] : [])))
  } catch {
    return undefined
  }
}

/** The page lock named in a key label, if any. */
export function lockInLabel(label: string): string | undefined {
  const at = label.indexOf(PREFIX)
  return at === -1 ? undefined : label.slice(at).split(/\s/)[0]
}

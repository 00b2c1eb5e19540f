import { useStore } from 'zustand'
import { createStore, type StoreApi } from 'zustand/vanilla'
import { type PlaygroundEvents, playgroundEvents } from '../events.ts'
import type { HistoryDb } from './historyDb.ts'
import { fromOutsideRequest, type HistoryEntry } from './historyEntry.ts'
import { mergeHistory } from './historyMerge.ts'
import { type HistoryFilter, NO_FILTER } from './historySearch.ts'
import { pageStash } from './historyStash.ts'
import { takeLegacyHistory } from './legacyHistory.ts'
import { openSharedHistory, type SharedHistorySources } from './openSharedHistory.ts'

/** Tells the other tabs that the stored history changed, so they read it again. */
export const HISTORY_CHANNEL = 'developer-sandbox-playground:history'
/** A burst writes a few times a second, not once per request. */
const BATCH_MS = 250

export interface HistoryState {
  entries: HistoryEntry[]
  /** Older entries dropped to keep the newest MAX_HISTORY, since the last clear or import. */
  dropped: number
  filter: HistoryFilter
  add(entry: HistoryEntry): void
  /** Adds entries in the order they were sent, oldest first. */
  addAll(entries: readonly HistoryEntry[]): void
  /** Replaces the history of every tab (import, or undoing a clear with its dropped count). */
  replace(entries: HistoryEntry[], dropped?: number): void
  /** Empties the history of every tab. */
  clear(): void
  setFilter(patch: Partial<HistoryFilter>): void
}

export interface HistoryStore extends StoreApi<HistoryState> {
  /** Writes what is waiting and reads the shared history back; resolves once both are done. */
  flush(): Promise<void>
  /** Starts following the other tabs' writes; returns the stop. */
  follow(): () => void
}

export interface HistoryStoreOptions extends SharedHistorySources {
  channel?: string
}

/**
 * The console history of this browser, newest first. This tab shows what it
 * adds at once; the stored list, which every tab writes in atomic
 * add-and-trim steps (historyDb.ts), is the truth it is reread from after
 * each write of its own or of another tab.
 */
export function createHistoryStore(options: HistoryStoreOptions = {}): HistoryStore {
  let unsaved: HistoryEntry[] = []
  // The batch being written: shown meanwhile, even if another tab's write is read back first.
  let writing: readonly HistoryEntry[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  // Writes of this tab run one after another, in the order they were asked for.
  let queue: Promise<void> = Promise.resolve()
  const channel = options.channel ?? HISTORY_CHANNEL
  let announcer: BroadcastChannel | undefined

  let opened: Promise<HistoryDb | undefined> | undefined
  const database = () => {
    opened ??= openSharedHistory(options)
    return opened
  }

  const announce = () => {
    if (typeof BroadcastChannel === 'undefined') return
    announcer ??= new BroadcastChannel(channel)
    announcer.postMessage('changed')
  }

  /**
   * Rereads the stored history, queued behind this tab's writes so each read
   * sees them and results apply in order; reads asked for while one waits are one read.
   */
  let readQueued = false
  const reload = () => {
    if (readQueued) return queue
    readQueued = true
    queue = queue.then(async () => {
      readQueued = false
      const db = await database()
      if (!db) return
      try {
        const stored = await db.read()
        const shown = mergeHistory(stored.entries, writing, unsaved)
        store.setState({ entries: shown.entries, dropped: stored.dropped + shown.overflow })
      } catch {
        // Unreadable storage: this tab keeps showing what it has.
      }
    })
    return queue
  }

  const write = (step: (db: HistoryDb) => Promise<void>) => {
    queue = queue.then(async () => {
      const db = await database()
      if (!db) return
      try {
        await step(db)
        announce()
      } catch {
        // Storage blocked or full: the history still works for this tab.
      }
    })
    // A read already waiting would run before this write: the read after it is a new one.
    readQueued = false
    return reload()
  }

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    const batch = unsaved
    unsaved = []
    if (batch.length === 0) return write(async () => {})
    return write(async (db) => {
      writing = batch
      try {
        await db.append(batch)
      } finally {
        writing = []
      }
    })
  }

  const overwrite = (entries: HistoryEntry[], dropped: number) => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    unsaved = []
    const kept = mergeHistory(entries)
    store.setState({ entries: kept.entries, dropped: dropped + kept.overflow })
    void write((db) => db.replace(kept.entries, dropped))
  }

  const store = createStore<HistoryState>()((set, get) => ({
    entries: [],
    dropped: 0,
    filter: NO_FILTER,
    add(entry) {
      get().addAll([entry])
    },
    addAll(entries) {
      if (entries.length === 0) return
      unsaved = [...unsaved, ...entries]
      const merged = mergeHistory(get().entries, entries)
      set({ entries: merged.entries, dropped: get().dropped + merged.overflow })
      timer ??= setTimeout(() => void flush(), BATCH_MS)
    },
    replace: (entries, dropped = 0) => overwrite(entries, dropped),
    clear: () => overwrite([], 0),
    setFilter: (patch) => set({ filter: { ...get().filter, ...patch } }),
  }))

  const follow = () => {
    void reload()
    if (typeof BroadcastChannel === 'undefined') return () => {}
    const listener = new BroadcastChannel(channel)
    listener.onmessage = () => void reload()
    const onPageHide = () => {
      const pending = [...writing, ...unsaved]
      if (pending.length > 0) options.stash?.put(pending)
      void flush()
    }
    globalThis.addEventListener?.('pagehide', onPageHide)
    return () => {
      listener.close()
      announcer?.close()
      announcer = undefined
      globalThis.removeEventListener?.('pagehide', onPageHide)
      void database().then((db) => db?.close())
    }
  }

  return Object.assign(store, { flush, follow })
}

/** The console history of this browser, shared by its tabs, newest first. */
export const historyStore = createHistoryStore({ indexedDB: globalThis.indexedDB, legacy: takeLegacyHistory, stash: pageStash })

/** Follows what other tabs write, and writes pending entries before the page goes away. */
export const followHistoryInOtherTabs = (): (() => void) => historyStore.follow()

/** Keeps every request an outside client sent through the bridge, as the tab answers it (announced on the event bus). */
export function followOutsideRequests(): () => void {
  const keep = (request: PlaygroundEvents['outsideRequest']) => historyStore.getState().add(fromOutsideRequest(request))
  playgroundEvents.on('outsideRequest', keep)
  return () => playgroundEvents.off('outsideRequest', keep)
}

export function useHistory<T>(selector: (state: HistoryState) => T): T {
  return useStore(historyStore, selector)
}

import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { type HistoryEntry, parseHistory } from './historyEntry.ts'

export const HISTORY_STORAGE_KEY = 'developer-sandbox-playground:history'
/** Enough for a 121-request burst and then some; older entries drop off. */
export const MAX_HISTORY = 300

export interface HistoryState {
  entries: HistoryEntry[]
  query: string
  add(entry: HistoryEntry): void
  /** Adds entries in the order they were sent, oldest first. */
  addAll(entries: readonly HistoryEntry[]): void
  /** Replaces the history of every tab (import). */
  replace(entries: HistoryEntry[]): void
  /** Empties the history of every tab. */
  clear(): void
  setQuery(query: string): void
}

function parseStored(text: string | null | undefined): HistoryEntry[] {
  try {
    return text ? parseHistory(JSON.parse(text)) : []
  } catch {
    return []
  }
}

function readStored(): HistoryEntry[] {
  try {
    return parseStored(globalThis.localStorage?.getItem(HISTORY_STORAGE_KEY))
  } catch {
    return []
  }
}

const newestFirst = (a: HistoryEntry, b: HistoryEntry) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id < b.id ? 1 : -1)

function merge(...lists: readonly HistoryEntry[][]): HistoryEntry[] {
  const byId = new Map<string, HistoryEntry>()
  for (const list of lists) for (const entry of list) byId.set(entry.id, entry)
  return [...byId.values()].sort(newestFirst).slice(0, MAX_HISTORY)
}

/*
 * Tabs share one list in localStorage. Adding is additive: a write merges
 * with what other tabs stored meanwhile, so two tabs sending at once lose
 * nothing. Clearing and importing are authoritative: they overwrite, and the
 * other tabs take the new list as is (keeping only what they have not yet
 * written). Writes are batched, so a burst of 121 requests writes a few times.
 */
let unsaved: HistoryEntry[] = []
let pending: ReturnType<typeof setTimeout> | undefined

function write(entries: readonly HistoryEntry[]): void {
  try {
    globalThis.localStorage?.setItem(HISTORY_STORAGE_KEY, JSON.stringify(entries))
  } catch {
    // Storage full or blocked: the history still works for this tab.
  }
}

function flush(): void {
  if (pending !== undefined) clearTimeout(pending)
  pending = undefined
  if (unsaved.length === 0) return
  const entries = merge(readStored(), historyStore.getState().entries)
  unsaved = []
  historyStore.setState({ entries })
  write(entries)
}

function overwrite(entries: HistoryEntry[]): void {
  if (pending !== undefined) clearTimeout(pending)
  pending = undefined
  unsaved = []
  historyStore.setState({ entries })
  write(entries)
}

/** The console history of this browser, shared by its tabs, newest first. */
export const historyStore = createStore<HistoryState>()((set, get) => ({
  entries: readStored(),
  query: '',
  add(entry) {
    get().addAll([entry])
  },
  addAll(entries) {
    if (entries.length === 0) return
    unsaved = [...unsaved, ...entries]
    set({ entries: merge(get().entries, [...entries]) })
    pending ??= setTimeout(flush, 250)
  },
  replace: (entries) => overwrite(merge(entries)),
  clear: () => overwrite([]),
  setQuery: (query) => set({ query }),
}))

/** Follows what other tabs write, and writes pending entries before the page goes away. */
export function followHistoryInOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== HISTORY_STORAGE_KEY && event.key !== null) return
    historyStore.setState({ entries: merge(parseStored(event.newValue), unsaved) })
  }
  window.addEventListener('storage', onStorage)
  window.addEventListener('pagehide', flush)
  return () => {
    window.removeEventListener('storage', onStorage)
    window.removeEventListener('pagehide', flush)
  }
}

export function useHistory<T>(selector: (state: HistoryState) => T): T {
  return useStore(historyStore, selector)
}

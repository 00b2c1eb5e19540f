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
  replace(entries: HistoryEntry[]): void
  clear(): void
  setQuery(query: string): void
}

function readStored(): HistoryEntry[] {
  try {
    const text = globalThis.localStorage?.getItem(HISTORY_STORAGE_KEY)
    return text ? parseHistory(JSON.parse(text)) : []
  } catch {
    return []
  }
}

// Writes are batched: a burst of 121 requests writes the history a handful of times, not 121.
let pending: ReturnType<typeof setTimeout> | undefined
function flush(): void {
  if (pending !== undefined) clearTimeout(pending)
  pending = undefined
  try {
    globalThis.localStorage?.setItem(HISTORY_STORAGE_KEY, JSON.stringify(historyStore.getState().entries))
  } catch {
    // Storage full or blocked: the history still works for this tab.
  }
}
function schedule(): void {
  pending ??= setTimeout(flush, 250)
}

const newestFirst = (a: HistoryEntry, b: HistoryEntry) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id < b.id ? 1 : -1)

/** The console history of this browser, shared by its tabs, newest first. */
export const historyStore = createStore<HistoryState>()((set, get) => ({
  entries: readStored(),
  query: '',
  add(entry) {
    get().addAll([entry])
  },
  addAll(entries) {
    if (entries.length === 0) return
    set({ entries: [...[...entries].reverse(), ...get().entries].slice(0, MAX_HISTORY) })
    schedule()
  },
  replace(entries) {
    set({ entries: [...entries].sort(newestFirst).slice(0, MAX_HISTORY) })
    flush()
  },
  clear() {
    set({ entries: [] })
    flush()
  },
  setQuery: (query) => set({ query }),
}))

/** Merges what other tabs send, and writes pending entries before the page goes away. */
export function followHistoryInOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== HISTORY_STORAGE_KEY && event.key !== null) return
    let theirs: HistoryEntry[] = []
    try {
      theirs = event.newValue ? parseHistory(JSON.parse(event.newValue)) : []
    } catch {
      return
    }
    if (theirs.length === 0) {
      // Another tab cleared (or reset) the history.
      historyStore.setState({ entries: [] })
      return
    }
    const byId = new Map(historyStore.getState().entries.map((entry) => [entry.id, entry]))
    for (const entry of theirs) byId.set(entry.id, entry)
    historyStore.setState({ entries: [...byId.values()].sort(newestFirst).slice(0, MAX_HISTORY) })
  }
  window.addEventListener('storage', onStorage)
  window.addEventListener('pagehide', flush)
  return () => {
    window.removeEventListener('storage', onStorage)
    window.removeEventListener('pagehide', flush)
  }
}

/** Entries matching the search: every word must appear somewhere in the entry. */
export function filterHistory(entries: readonly HistoryEntry[], query: string): HistoryEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...entries]
  return entries.filter((entry) => {
    const haystack = [
      entry.method,
      entry.path,
      entry.operationId,
      String(entry.status),
      entry.requestId ?? '',
      entry.keyHint ?? '',
      entry.requestBody ?? '',
      entry.responseBody,
    ]
      .join(' ')
      .toLowerCase()
    return words.every((word) => haystack.includes(word))
  })
}

export function useHistory<T>(selector: (state: HistoryState) => T): T {
  return useStore(historyStore, selector)
}

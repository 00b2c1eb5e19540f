import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { sandboxNow } from '../clock.ts'
import { type PlaygroundEvents, playgroundEvents } from '../events.ts'
import { fromOutsideRequest, type HistoryEntry, parseHistory } from './historyEntry.ts'
import { type HistoryFilter, NO_FILTER } from './historySearch.ts'

export const HISTORY_STORAGE_KEY = 'developer-sandbox-playground:history'
/** How many older entries fell off the cap since the history was last cleared or imported. */
export const DROPPED_STORAGE_KEY = 'developer-sandbox-playground:history-dropped'
/** Enough for a 121-request burst and then some; older entries drop off. */
export const MAX_HISTORY = 300

export interface HistoryState {
  entries: HistoryEntry[]
  /** Older entries dropped to keep the newest MAX_HISTORY, since the last clear or import (at least; tabs count what they see). */
  dropped: number
  filter: HistoryFilter
  add(entry: HistoryEntry): void
  /** Adds entries in the order they were sent, oldest first. */
  addAll(entries: readonly HistoryEntry[]): void
  /** Replaces the history of every tab (import). */
  replace(entries: HistoryEntry[]): void
  /** Empties the history of every tab. */
  clear(): void
  setFilter(patch: Partial<HistoryFilter>): void
}

function parseStored(text: string | null | undefined): HistoryEntry[] {
  try {
    return text ? parseHistory(JSON.parse(text)) : []
  } catch {
    return []
  }
}

function readDropped(): number {
  try {
    const count = Number(globalThis.localStorage?.getItem(DROPPED_STORAGE_KEY) ?? 0)
    return Number.isSafeInteger(count) && count > 0 ? count : 0
  } catch {
    return 0
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

/** The union of the lists, newest first, cut to the cap; `overflow` is how many the cut left out. */
function merge(...lists: readonly HistoryEntry[][]): { entries: HistoryEntry[]; overflow: number } {
  const byId = new Map<string, HistoryEntry>()
  for (const list of lists) for (const entry of list) byId.set(entry.id, entry)
  const all = [...byId.values()].sort(newestFirst)
  return { entries: all.slice(0, MAX_HISTORY), overflow: Math.max(0, all.length - MAX_HISTORY) }
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

function write(entries: readonly HistoryEntry[], dropped: number): void {
  try {
    globalThis.localStorage?.setItem(DROPPED_STORAGE_KEY, String(dropped))
    globalThis.localStorage?.setItem(HISTORY_STORAGE_KEY, JSON.stringify(entries))
  } catch {
    // Storage full or blocked: the history still works for this tab.
  }
}

function flush(): void {
  if (pending !== undefined) clearTimeout(pending)
  pending = undefined
  if (unsaved.length === 0) return
  const state = historyStore.getState()
  // What this tab dropped was counted as it added; what falls off merging with other tabs' writes they counted themselves.
  const { entries } = merge(readStored(), state.entries)
  const dropped = Math.max(state.dropped, readDropped())
  unsaved = []
  historyStore.setState({ entries, dropped })
  write(entries, dropped)
}

function overwrite(entries: HistoryEntry[]): void {
  if (pending !== undefined) clearTimeout(pending)
  pending = undefined
  unsaved = []
  historyStore.setState({ entries, dropped: 0 })
  write(entries, 0)
}

/** The console history of this browser, shared by its tabs, newest first. */
export const historyStore = createStore<HistoryState>()((set, get) => ({
  entries: readStored(),
  dropped: readDropped(),
  filter: NO_FILTER,
  add(entry) {
    get().addAll([entry])
  },
  addAll(entries) {
    if (entries.length === 0) return
    unsaved = [...unsaved, ...entries]
    const merged = merge(get().entries, [...entries])
    set({ entries: merged.entries, dropped: get().dropped + merged.overflow })
    pending ??= setTimeout(flush, 250)
  },
  replace: (entries) => overwrite(merge(entries).entries),
  clear: () => overwrite([]),
  setFilter: (patch) => set({ filter: { ...get().filter, ...patch } }),
}))

/** Follows what other tabs write, and writes pending entries before the page goes away. */
export function followHistoryInOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === DROPPED_STORAGE_KEY) return historyStore.setState({ dropped: readDropped() })
    if (event.key !== HISTORY_STORAGE_KEY && event.key !== null) return
    historyStore.setState({ entries: merge(parseStored(event.newValue), unsaved).entries })
  }
  window.addEventListener('storage', onStorage)
  window.addEventListener('pagehide', flush)
  return () => {
    window.removeEventListener('storage', onStorage)
    window.removeEventListener('pagehide', flush)
  }
}

/** Keeps every request an outside client sent through the bridge, as the tab answers it (announced on the event bus). */
export function followOutsideRequests(): () => void {
  const keep = (request: PlaygroundEvents['outsideRequest']) => historyStore.getState().add(fromOutsideRequest(request, sandboxNow()))
  playgroundEvents.on('outsideRequest', keep)
  return () => playgroundEvents.off('outsideRequest', keep)
}

export function useHistory<T>(selector: (state: HistoryState) => T): T {
  return useStore(historyStore, selector)
}

import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'

/** The sections of the playground, in navigation order. The URL hash names the one shown. */
export const SECTIONS = [
  { id: 'workspace', label: 'Workspace' },
  { id: 'console', label: 'Request console' },
  { id: 'overview', label: 'Status & profile' },
  { id: 'sessions', label: 'Sessions' },
  { id: 'webhooks', label: 'Webhooks' },
  { id: 'usage', label: 'Usage' },
  { id: 'editor', label: 'Manifest editor' },
  { id: 'webhook-specimens', label: 'Webhook specimens' },
] as const

export type SectionId = (typeof SECTIONS)[number]['id']

function fromHash(hash: string): SectionId {
  const id = hash.replace(/^#\/?/, '')
  return SECTIONS.find((section) => section.id === id)?.id ?? 'workspace'
}

export const navigationStore = createStore<{ section: SectionId }>()(() => ({ section: fromHash(globalThis.location?.hash ?? '') }))

/** Hash routing: it works on any static host and under any sub-path, and the hash never carries a key. */
export function followHash(): () => void {
  const onHashChange = () => navigationStore.setState({ section: fromHash(location.hash) })
  window.addEventListener('hashchange', onHashChange)
  return () => window.removeEventListener('hashchange', onHashChange)
}

export function hrefFor(section: SectionId): string {
  return `#/${section}`
}

export function goTo(section: SectionId): void {
  location.hash = `/${section}`
}

export function useSection(): SectionId {
  return useStore(navigationStore, (state) => state.section)
}

/** Narrowing helpers: the views read API bodies defensively, never with `any`. */

export type Json = Record<string, unknown>

export const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

export const text = (value: unknown, fallback = '—'): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback

export const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0)

export const records = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isRecord) : [])

export const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []

export const field = (value: unknown, name: string): unknown => (isRecord(value) ? value[name] : undefined)

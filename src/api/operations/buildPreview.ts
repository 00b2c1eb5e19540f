import type { ConsequenceClass, Manifest, ManifestColumn } from '../contract/manifestSchema.ts'
import { MANIFEST_SCHEMA_ID } from '../version.ts'
import { CLOSED_DATA, PERMISSION_OPENS } from './dataBoundaries.ts'

/** Longest string, in characters, that a preview repeats from a manifest. */
export const PREVIEW_STRING_LIMIT = 200
/** Most options, and most input/output names, listed per item. */
export const PREVIEW_LIST_LIMIT = 24

const CONSEQUENCES: Record<ConsequenceClass, { label: string; explanation: string }> = {
  C0: { label: 'No consequence', explanation: 'Reads and displays only; nothing it does changes anything outside the tool.' },
  C1: { label: 'Reversible consequence', explanation: 'Changes data the person keeps in the tool; every change can be undone.' },
  C2: {
    label: 'Significant consequence',
    explanation: 'An action may matter beyond the tool; a reviewer checks each action before approval.',
  },
}

interface Capper {
  text(value: string, pointer: string): string
  list<T>(values: readonly T[], pointer: string): T[]
  truncated: string[]
}

function makeCapper(): Capper {
  const truncated: string[] = []
  return {
    truncated,
    text(value, pointer) {
      const chars = Array.from(value)
      if (chars.length <= PREVIEW_STRING_LIMIT) return value
      truncated.push(pointer)
      return `${chars.slice(0, PREVIEW_STRING_LIMIT - 1).join('')}…`
    },
    list(values, pointer) {
      if (values.length <= PREVIEW_LIST_LIMIT) return [...values]
      truncated.push(pointer)
      return values.slice(0, PREVIEW_LIST_LIMIT)
    },
  }
}

function fieldNames(value: Record<string, unknown> | undefined, pointer: string, cap: Capper): string[] | undefined {
  if (!value) return undefined
  return cap.list(Object.keys(value).sort(), pointer).map((name, i) => cap.text(name, `${pointer}/${i}`))
}

function column(source: ManifestColumn, index: number, primaryIndex: number, cap: Capper) {
  const at = `/manifest/display/columns/${index}`
  return {
    index,
    name: cap.text(source.name, `${at}/name`),
    type: source.type,
    primary: index === primaryIndex,
    section: source.section === undefined ? null : cap.text(source.section, `${at}/section`),
    unit: source.unit === undefined ? null : cap.text(source.unit, `${at}/unit`),
    options:
      source.options === undefined
        ? null
        : cap.list(source.options, `${at}/options`).map((option, i) => cap.text(option, `${at}/options/${i}`)),
  }
}

/**
 * The review package of a valid manifest: only known fields, every string
 * capped, lists bounded, so its size does not follow the manifest's. It is
 * data to read; nothing in it is ever evaluated or fetched.
 */
export function buildPreview(manifest: Manifest, digest: string) {
  const cap = makeCapper()
  const permissions = [...new Set(manifest.permissions)].sort()
  const display = manifest.display
  const primaryIndex = display ? Math.min(display.primaryColumnIndex ?? 0, display.columns.length - 1) : 0
  const columns = display ? display.columns.map((source, index) => column(source, index, primaryIndex, cap)) : []
  const sections = [...new Set(columns.map((c) => c.section).filter((s): s is string => s !== null))]
  const consequence = manifest.consequenceClass
  const normalised = {
    schema: MANIFEST_SCHEMA_ID,
    name: manifest.name === undefined ? null : cap.text(manifest.name, '/manifest/name'),
    version: manifest.version === undefined ? null : cap.text(manifest.version, '/manifest/version'),
    entry: cap.text(manifest.entry, '/manifest/entry'),
    summary: manifest.summary === undefined ? null : cap.text(manifest.summary, '/manifest/summary'),
    permissions,
    consequenceClass: consequence ?? null,
    inputs: fieldNames(manifest.inputs, '/manifest/inputs', cap) ?? null,
    outputs: fieldNames(manifest.outputs, '/manifest/outputs', cap) ?? null,
  }
  return {
    schema: MANIFEST_SCHEMA_ID,
    digest,
    manifest: normalised,
    permissions: permissions.map((scope) => ({ scope, opens: PERMISSION_OPENS[scope] })),
    consequence: consequence
      ? { class: consequence, ...CONSEQUENCES[consequence] }
      : { class: null, label: 'Not declared', explanation: 'Reviewers treat an undeclared class as C2 until the author declares one.' },
    display: display
      ? { layout: display.layout, icon: display.icon, color: display.color, primaryColumnIndex: primaryIndex, sections, columns }
      : null,
    safetyBoundary: {
      executesCode: false,
      network: false,
      entry: 'The entry is named for reviewers only; the sandbox never loads or runs it.',
      permissions,
      closedData: CLOSED_DATA.map((item) => item.category),
    },
    truncated: cap.truncated.length > 0,
    truncatedPointers: cap.truncated.slice(0, PREVIEW_LIST_LIMIT),
  }
}

import type { ConsequenceClass, Manifest, ManifestColumn } from '../contract/manifestSchema.ts'
import type { PreviewBody } from '../contract/previewSchema.ts'
import { MANIFEST_SCHEMA_ID } from '../contract/version.ts'
import { CLOSED_DATA, PERMISSION_OPENS } from './dataBoundaries.ts'

/** Longest string, in characters, that a preview repeats from a manifest. */
export const PREVIEW_STRING_LIMIT = 200
/** Most options, and most input/output names, listed per item. */
export const PREVIEW_LIST_LIMIT = 24
/**
 * Most bytes (UTF-8, as escaped in JSON) of manifest text one preview repeats
 * in all. The per-string and per-list caps alone still let 24 columns × 24
 * options × 200 characters through, a preview larger than the manifest; this
 * shared budget keeps every preview under 16 KB whatever the manifest.
 */
export const PREVIEW_TEXT_BUDGET = 8_192

/** Bytes one code point takes in the response: JSON-escaped, then UTF-8. */
function jsonBytes(char: string): number {
  const code = char.codePointAt(0) ?? 0
  if (code === 0x22 || code === 0x5c) return 2
  if (code < 0x20) return 6
  if (code < 0x80) return 1
  if (code < 0x800) return 2
  // A lone surrogate is written as a \uXXXX escape.
  if (code >= 0xd800 && code <= 0xdfff) return 6
  return code < 0x10000 ? 3 : 4
}

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
  /** Maps at most PREVIEW_LIST_LIMIT items, and none once the text budget is spent. */
  list<T, R>(values: readonly T[], pointer: string, map: (value: T, index: number) => R): R[]
  /** Spends budget on text the preview repeats a second time. */
  charge(value: string): void
  truncated: string[]
}

function makeCapper(): Capper {
  const truncated: string[] = []
  let budget = PREVIEW_TEXT_BUDGET
  return {
    truncated,
    text(value, pointer) {
      const chars = Array.from(value)
      const room = chars.length <= PREVIEW_STRING_LIMIT ? chars.length : PREVIEW_STRING_LIMIT - 1
      let kept = 0
      let cost = 0
      for (; kept < room; kept++) {
        const next = jsonBytes(chars[kept] as string)
        if (cost + next > budget) break
        cost += next
      }
      if (kept === chars.length) {
        budget -= cost
        return value
      }
      truncated.push(pointer)
      budget = Math.max(0, budget - cost - 3)
      return `${chars.slice(0, kept).join('')}…`
    },
    list(values, pointer, map) {
      const kept = []
      for (const [index, value] of values.entries()) {
        if (index === PREVIEW_LIST_LIMIT || budget <= 0) {
          truncated.push(pointer)
          break
        }
        kept.push(map(value, index))
      }
      return kept
    },
    charge(value) {
      let cost = 0
      for (const char of value) cost += jsonBytes(char)
      budget = Math.max(0, budget - cost)
    },
  }
}

function fieldNames(value: Record<string, unknown> | undefined, pointer: string, cap: Capper): string[] | undefined {
  if (!value) return undefined
  return cap.list(Object.keys(value).sort(), pointer, (name, i) => cap.text(name, `${pointer}/${i}`))
}

function column(source: ManifestColumn, index: number, primaryIndex: number, name: string, cap: Capper) {
  const at = `/manifest/display/columns/${index}`
  return {
    index,
    name,
    type: source.type,
    primary: index === primaryIndex,
    section: source.section === undefined ? null : cap.text(source.section, `${at}/section`),
    unit: source.unit === undefined ? null : cap.text(source.unit, `${at}/unit`),
    options:
      source.options === undefined
        ? null
        : cap.list(source.options, `${at}/options`, (option, i) => cap.text(option, `${at}/options/${i}`)),
  }
}

/**
 * The review package of a valid manifest: only known fields, every string
 * capped, lists bounded, so its size does not follow the manifest's. It is
 * data to read; nothing in it is ever evaluated or fetched.
 */
export function buildPreview(manifest: Manifest, digest: string): PreviewBody {
  const cap = makeCapper()
  const permissions = [...new Set(manifest.permissions)].sort()
  const display = manifest.display
  const primaryIndex = display ? Math.min(display.primaryColumnIndex ?? 0, display.columns.length - 1) : 0
  const consequence = manifest.consequenceClass
  // The text budget is spent in order of what a reviewer needs most: the
  // manifest's own strings, then column names, input and output names, and
  // last each column's section, unit and options.
  const entry = cap.text(manifest.entry, '/manifest/entry')
  const name = manifest.name === undefined ? null : cap.text(manifest.name, '/manifest/name')
  const version = manifest.version === undefined ? null : cap.text(manifest.version, '/manifest/version')
  const summary = manifest.summary === undefined ? null : cap.text(manifest.summary, '/manifest/summary')
  const columnNames = display
    ? display.columns.map((source, index) => cap.text(source.name, `/manifest/display/columns/${index}/name`))
    : []
  const inputs = fieldNames(manifest.inputs, '/manifest/inputs', cap) ?? null
  const outputs = fieldNames(manifest.outputs, '/manifest/outputs', cap) ?? null
  const sections: string[] = []
  const columns = display
    ? display.columns.map((source, index) => {
        const built = column(source, index, primaryIndex, columnNames[index] ?? '', cap)
        if (built.section !== null && !sections.includes(built.section)) {
          sections.push(built.section)
          // `sections` repeats the text once more.
          cap.charge(built.section)
        }
        return built
      })
    : []
  const normalised = {
    schema: MANIFEST_SCHEMA_ID,
    name,
    version,
    entry,
    summary,
    permissions,
    consequenceClass: consequence ?? null,
    inputs,
    outputs,
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

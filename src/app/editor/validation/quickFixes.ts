/**
 * One-step repairs for the violations people meet most: a missing field, a
 * value outside its list or not the one it must be, a property the display
 * does not allow, a number past its bound, too many columns, one value where
 * a list belongs. Each
 * fix is a text edit, so the editor offers it on its marker and the problem
 * list as a button, and an undo takes it back.
 */
import type { Node } from 'jsonc-parser'
import { nodeOfPointer, type TextSpan } from '../document/manifestText.ts'
import type { Problem } from './validationOutcome.ts'

export interface TextEdit extends TextSpan {
  text: string
}

export interface QuickFix {
  title: string
  edit: TextEdit
}

/** What a missing field gets: the smallest value the contract accepts, or a string to fill in. */
const STARTER_VALUES: Record<string, unknown> = {
  schema: 'service.tool/v1',
  entry: 'my-tool',
  permissions: [],
  layout: 'list',
  icon: 'checklist',
  color: 'blue',
  columns: [{ name: 'Item', type: 'text' }],
  name: 'Item',
  type: 'text',
}

/** At most this many enum values are offered, the likeliest first. */
const MAX_CHOICES = 5

const quotedValues = (message: string) =>
  [...message.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => JSON.parse(`"${match[1]}"`) as string)

/** Edit distance, to offer "table" first for "tabel". */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const next = [i]
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    row = next
  }
  return row[b.length] ?? 0
}

/** The indentation of the line an offset is on, up to the offset. */
function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1
  const before = text.slice(lineStart, offset)
  return /^\s*$/.test(before) ? before : ''
}

function addProperty(text: string, object: Node, name: string): QuickFix {
  const value = JSON.stringify(STARTER_VALUES[name] ?? '')
  const title = `Add "${name}": ${value.length > 40 ? `${value.slice(0, 37)}…` : value}`
  const last = object.children?.[object.children.length - 1]
  if (!last) return { title, edit: { offset: object.offset + 1, length: 0, text: `${JSON.stringify(name)}: ${value}` } }
  const indent = indentAt(text, last.offset)
  const separator = indent ? `,\n${indent}` : ', '
  return { title, edit: { offset: last.offset + last.length, length: 0, text: `${separator}${JSON.stringify(name)}: ${value}` } }
}

/** Removes a property with its value and the comma that separates it from its neighbours. */
function removeProperty(value: Node, name: string): QuickFix | undefined {
  const property = value.parent
  const siblings = property?.parent?.children ?? []
  const at = property ? siblings.indexOf(property) : -1
  if (property?.type !== 'property' || at < 0) return undefined
  const next = siblings[at + 1]
  const previous = siblings[at - 1]
  const title = `Remove "${name}"`
  if (next) return { title, edit: { offset: property.offset, length: next.offset - property.offset, text: '' } }
  if (previous) {
    const from = previous.offset + previous.length
    return { title, edit: { offset: from, length: property.offset + property.length - from, text: '' } }
  }
  // The only property: the object keeps its braces and whatever space was inside them.
  return { title, edit: { offset: property.offset, length: property.length, text: '' } }
}

/** The fixes for one problem in `text` (whose parse tree is `tree`); none when no safe edit is known. */
export function quickFixes(text: string, tree: Node | undefined, problem: Problem): QuickFix[] {
  const node = nodeOfPointer(tree, problem.pointer)
  if (!node) return []
  const replace = (title: string, value: unknown): QuickFix => ({
    title,
    edit: { offset: node.offset, length: node.length, text: JSON.stringify(value) },
  })
  switch (problem.keyword) {
    case 'required': {
      const name = /required property "((?:[^"\\]|\\.)*)"/.exec(problem.message)?.[1]
      return name !== undefined && node.type === 'object' ? [addProperty(text, node, JSON.parse(`"${name}"`) as string)] : []
    }
    case 'enum': {
      const current = typeof node.value === 'string' ? node.value : ''
      return quotedValues(problem.message)
        .map((value, index) => ({ value, index, far: distance(current.toLowerCase(), value.toLowerCase()) }))
        .sort((a, b) => a.far - b.far || a.index - b.index)
        .slice(0, MAX_CHOICES)
        .map(({ value }) => replace(`Change to "${value}"`, value))
    }
    case 'const': {
      const quoted = /^must equal (.*)$/.exec(problem.message)?.[1]
      if (quoted === undefined) return []
      try {
        const value: unknown = JSON.parse(quoted)
        return [replace(`Change to ${quoted}`, value)]
      } catch {
        return []
      }
    }
    case 'additionalProperties': {
      const name = /^property "((?:[^"\\]|\\.)*)" is not allowed$/.exec(problem.message)?.[1]
      const fix = name === undefined ? undefined : removeProperty(node, JSON.parse(`"${name}"`) as string)
      return fix ? [fix] : []
    }
    case 'maximum':
    case 'minimum': {
      const bound = /(-?\d+(?:\.\d+)?)/.exec(problem.message)?.[1]
      if (bound === undefined || node.type !== 'number') return []
      return [replace(`Change to ${bound}, the ${problem.keyword === 'maximum' ? 'largest' : 'smallest'} allowed`, Number(bound))]
    }
    case 'type': {
      // A lone value where a list belongs ("permissions": "profile.read"): the same value as the list's one item, as written.
      if (!/\barray\b/.test(problem.message) || node.type === 'array') return []
      const written = text.slice(node.offset, node.offset + node.length)
      return [{ title: 'Wrap in an array', edit: { offset: node.offset, length: node.length, text: `[${written}]` } }]
    }
    case 'maxItems': {
      const keep = Number(/at most (\d+)/.exec(problem.message)?.[1])
      const items = node.type === 'array' ? (node.children ?? []) : []
      const lastKept = items[keep - 1]
      const last = items[items.length - 1]
      if (!Number.isInteger(keep) || keep < 1 || !lastKept || !last || items.length <= keep) return []
      const end = lastKept.offset + lastKept.length
      const extra = items.length - keep
      return [
        {
          title: `Remove the last ${extra} ${extra === 1 ? 'item' : 'items'}, keeping ${keep}`,
          edit: { offset: end, length: last.offset + last.length - end, text: '' },
        },
      ]
    }
    default:
      return []
  }
}

/** The text with one edit applied. */
export function applyEdit(text: string, edit: TextEdit): string {
  return `${text.slice(0, edit.offset)}${edit.text}${text.slice(edit.offset + edit.length)}`
}

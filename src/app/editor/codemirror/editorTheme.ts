/**
 * The editor in the playground's own colours: every colour is a variable of
 * the shared theme (light-dark pairs that meet WCAG AA, checked by axe), so
 * the editor follows the light, dark or system choice with no theme switch
 * of its own, and its JSON looks like the console's.
 */
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language'
import type { Extension } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { tags } from '@lezer/highlight'

const chrome = EditorView.theme({
  '&': { height: '100%', fontSize: '13px', color: 'var(--text)', backgroundColor: 'var(--surface)' },
  '.cm-scroller': { fontFamily: 'var(--mono)' },
  '.cm-content': { caretColor: 'var(--text)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--text)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': { backgroundColor: 'var(--selection)' },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'var(--surface-2)' },
  '.cm-gutters': { backgroundColor: 'var(--surface-2)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
  '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': { backgroundColor: 'var(--info-bg)', outline: '1px solid var(--border)' },
  '.cm-selectionMatch': { backgroundColor: 'var(--info-bg)' },
  '.cm-searchMatch': { backgroundColor: 'var(--warn-bg)', outline: '1px solid var(--warn)' },
  '.cm-tooltip': { backgroundColor: 'var(--surface)', color: 'var(--text)', border: '1px solid var(--border)' },
  '.cm-tooltip-autocomplete ul li[aria-selected]': { backgroundColor: 'var(--accent)', color: 'var(--on-accent)' },
  '.cm-completionDetail, .cm-completionInfo': { color: 'var(--muted)' },
  '.cm-panels': { backgroundColor: 'var(--surface-2)', color: 'var(--text)' },
  '.cm-panels-top': { borderBottom: '1px solid var(--border)' },
  '.cm-panels-bottom': { borderTop: '1px solid var(--border)' },
  '.cm-panel.cm-panel-lint ul [aria-selected]': { backgroundColor: 'var(--info-bg)', color: 'var(--text)' },
  '.cm-diagnosticAction': { backgroundColor: 'var(--accent)', color: 'var(--on-accent)' },
  '.cm-schema-hover': { maxWidth: '32rem', padding: '0.3rem 0.5rem', whiteSpace: 'pre-wrap' },
})

const json = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--json-key)' },
  { tag: tags.string, color: 'var(--json-string)' },
  { tag: tags.number, color: 'var(--json-number)' },
  { tag: [tags.bool, tags.null], color: 'var(--json-literal)', fontWeight: '600' },
  { tag: tags.invalid, color: 'var(--error)' },
])

export const editorTheme: Extension = [chrome, syntaxHighlighting(json)]

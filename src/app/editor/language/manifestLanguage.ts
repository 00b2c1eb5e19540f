/**
 * The manifest's JSON language service: vscode-json-languageservice (the
 * one VS Code runs) with the `service.tool/v1` schema and the API's strict
 * JSON. Pure and synchronous to set up, so the editor's worker runs it and a
 * unit test runs exactly the same thing in Node.
 */
import {
  CompletionItemKind,
  DiagnosticSeverity,
  type DocumentLanguageSettings,
  getLanguageService,
  InsertTextFormat,
  type JSONDocument,
  TextDocument,
} from 'vscode-json-languageservice'
import { MANIFEST_SCHEMA_URI, manifestSchema } from '../../../api/core.ts'
import type { EditorMarker, MarkerSeverity } from '../validation/editorMarkers.ts'
import { withoutFalseIntegerMarkers } from './integerMarkers.ts'

/** The document name the schema is bound to. */
const MANIFEST_URI = 'sandbox://manifest.tool.json'

const SEVERITY: Record<DiagnosticSeverity, MarkerSeverity> = {
  [DiagnosticSeverity.Error]: 'error',
  [DiagnosticSeverity.Warning]: 'warning',
  [DiagnosticSeverity.Information]: 'info',
  [DiagnosticSeverity.Hint]: 'hint',
}

/** The API parses with JSON.parse: a comment or a trailing comma is an error, like any other syntax error. */
export const STRICT_JSON = { comments: 'error', trailingCommas: 'error' } as const satisfies DocumentLanguageSettings

/** A completion the editor can insert: `snippet` marks `${1:…}` fields in `insert`. */
export interface ManifestCompletion {
  label: string
  /** What the typed text is matched against (a property's name with its quotes). */
  filterText: string
  kind: 'property' | 'value' | 'other'
  insert: string
  snippet: boolean
  /** The span of the text the completion replaces. */
  from: number
  to: number
  detail?: string
  documentation?: string
}

export interface ManifestCompletions {
  items: ManifestCompletion[]
}

export interface ManifestHover {
  from: number
  to: number
  /** Plain text: shown as text, never as markup. */
  text: string
}

const service = getLanguageService({
  // Never fetch a schema (not even the meta-schema named in `$schema`): the page talks to no other origin.
  schemaRequestService: (uri) => Promise.reject(new Error(`Failed to load the schema "${uri}": the editor fetches nothing.`)),
})
service.configure({
  validate: true,
  allowComments: false,
  schemas: [{ uri: MANIFEST_SCHEMA_URI, fileMatch: [MANIFEST_URI], schema: manifestSchema as object }],
})

function parse(text: string): { document: TextDocument; json: JSONDocument } {
  const document = TextDocument.create(MANIFEST_URI, 'json', 1, text)
  return { document, json: service.parseJSONDocument(document) }
}

/** The markers for `text`: syntax, then the schema (the API refuses what it refuses, so errors, not warnings). */
export async function manifestMarkers(text: string): Promise<EditorMarker[]> {
  const { document, json } = parse(text)
  const diagnostics = await service.doValidation(document, json, {
    ...STRICT_JSON,
    schemaValidation: 'error',
    schemaRequest: 'ignore',
  })
  const markers = diagnostics.map(
    (diagnostic): EditorMarker => ({
      severity: SEVERITY[diagnostic.severity ?? DiagnosticSeverity.Error] ?? 'error',
      message: plainText(diagnostic.message) ?? '',
      from: document.offsetAt(diagnostic.range.start),
      to: document.offsetAt(diagnostic.range.end),
    }),
  )
  return withoutFalseIntegerMarkers(text, markers)
}

/** LSP writes tab stops as `$1`; the editor's snippets take only the braced form. */
function bracedTabStops(snippet: string): string {
  return snippet.replace(/\$(\d+)/g, '$${$1}')
}

/** The service writes hovers in Markdown and escapes the schema's punctuation for it; shown as text, the escapes go. */
const unescapeMarkdown = (markdown: string) => markdown.replace(/\\([\\`*_{}[\]()#+\-.!<>"'|])/g, '$1')

function plainText(documentation: string | { value: string } | undefined): string | undefined {
  if (documentation === undefined) return undefined
  return typeof documentation === 'string' ? documentation : documentation.value
}

const VALUE_KINDS = new Set<CompletionItemKind>([CompletionItemKind.Value, CompletionItemKind.Enum, CompletionItemKind.Constant])

/** What may be written at `offset`, from the schema: property names with their skeletons, enum values, defaults. */
export async function manifestCompletions(text: string, offset: number): Promise<ManifestCompletions> {
  const { document, json } = parse(text)
  const list = await service.doComplete(document, document.positionAt(offset), json)
  const items = (list?.items ?? []).map((item): ManifestCompletion => {
    const edit = item.textEdit
    const range = edit && 'range' in edit ? edit.range : edit?.replace
    const insert = edit?.newText ?? item.insertText ?? item.label
    const snippet = item.insertTextFormat === InsertTextFormat.Snippet
    return {
      label: item.label,
      filterText: item.filterText ?? item.label,
      kind: item.kind === CompletionItemKind.Property ? 'property' : item.kind && VALUE_KINDS.has(item.kind) ? 'value' : 'other',
      insert: snippet ? bracedTabStops(insert) : insert,
      snippet,
      from: range ? document.offsetAt(range.start) : offset,
      to: range ? document.offsetAt(range.end) : offset,
      detail: item.detail,
      documentation: plainText(item.documentation),
    }
  })
  return { items }
}

/** The schema's description of what is at `offset`, as plain text. */
export async function manifestHover(text: string, offset: number): Promise<ManifestHover | null> {
  const { document, json } = parse(text)
  const hover = await service.doHover(document, document.positionAt(offset), json)
  if (!hover) return null
  const parts = Array.isArray(hover.contents) ? hover.contents : [hover.contents]
  const value = parts
    .map((part) => unescapeMarkdown(typeof part === 'string' ? part : part.value))
    .join('\n\n')
    .trim()
  if (!value) return null
  return {
    from: hover.range ? document.offsetAt(hover.range.start) : offset,
    to: hover.range ? document.offsetAt(hover.range.end) : offset,
    text: value,
  }
}

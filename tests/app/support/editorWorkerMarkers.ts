/**
 * The JSON language service the editor's worker runs (monaco-editor's bundled
 * copy, not exported by the package, so reached by path), with the settings
 * of src/app/editor/monaco/monacoSetup.ts minus the schema: what the editor
 * marks for a text's syntax.
 */
// @ts-expect-error monaco-editor bundles the service without type declarations
import { getLanguageService } from '../../../node_modules/monaco-editor/esm/external/vscode-json-languageservice/lib/esm/jsonLanguageService.js'
// @ts-expect-error as above
import { TextDocument } from '../../../node_modules/monaco-editor/esm/external/vscode-languageserver-textdocument/lib/esm/main.js'

interface Diagnostic {
  severity?: number
  message: string
}

interface LanguageService {
  configure(settings: { validate: boolean; allowComments: boolean }): void
  parseJSONDocument(document: unknown): unknown
  doValidation(document: unknown, json: unknown, settings: { comments: 'error'; trailingCommas: 'error' }): Promise<Diagnostic[]>
}

const service = (getLanguageService as (params: object) => LanguageService)({})
service.configure({ validate: true, allowComments: false })

/** The error markers (severity 1) the editor's worker reports for `text`. */
export async function editorErrorMarkers(text: string): Promise<Diagnostic[]> {
  const document = (TextDocument as { create(uri: string, language: string, version: number, text: string): unknown }).create(
    'manifest.json',
    'json',
    1,
    text,
  )
  const diagnostics = await service.doValidation(document, service.parseJSONDocument(document), {
    comments: 'error',
    trailingCommas: 'error',
  })
  return diagnostics.filter((diagnostic) => diagnostic.severity === 1)
}

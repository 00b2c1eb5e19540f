/**
 * The JSON language service the editor's worker runs, with the strict-JSON
 * settings of src/app/editor/language/manifestLanguage.ts minus the schema:
 * what the editor marks for a text's syntax alone.
 */
import { DiagnosticSeverity, getLanguageService, TextDocument } from 'vscode-json-languageservice'
import { STRICT_JSON } from '../../../src/app/editor/language/manifestLanguage.ts'

const service = getLanguageService({})
service.configure({ validate: true, allowComments: false })

/** The error markers the editor's worker reports for `text`'s syntax. */
export async function editorErrorMarkers(text: string) {
  const document = TextDocument.create('manifest.json', 'json', 1, text)
  const diagnostics = await service.doValidation(document, service.parseJSONDocument(document), STRICT_JSON)
  return diagnostics.filter((diagnostic) => diagnostic.severity === DiagnosticSeverity.Error)
}

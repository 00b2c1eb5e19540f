/**
 * The JSON language service the editor's worker runs, with the strict-JSON
 * settings of src/app/editor/language/manifestLanguage.ts minus the schema:
 * what the editor marks for a text's syntax alone.
 */
import { getLanguageService, TextDocument } from 'vscode-json-languageservice'

const service = getLanguageService({})
service.configure({ validate: true, allowComments: false })

/** The error markers (severity 1) the editor's worker reports for `text`'s syntax. */
export async function editorErrorMarkers(text: string) {
  const document = TextDocument.create('manifest.json', 'json', 1, text)
  const diagnostics = await service.doValidation(document, service.parseJSONDocument(document), {
    comments: 'error',
    trailingCommas: 'error',
  })
  return diagnostics.filter((diagnostic) => diagnostic.severity === 1)
}

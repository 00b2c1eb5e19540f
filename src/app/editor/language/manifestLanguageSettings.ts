/**
 * How the manifest's JSON language is set up: the `service.tool/v1` schema
 * bound to the editor's model, and the API's strict JSON. Monaco's JSON
 * worker takes these settings (monaco/monacoSetup.ts), and a unit test runs
 * the same language service in Node with them, so both mark the same text.
 */
import { MANIFEST_SCHEMA_URI, manifestSchema } from '../../../api/core.ts'

/** The model path the manifest schema is bound to; the editor opens its model under it. */
export const MANIFEST_MODEL_PATH = 'sandbox/manifest.tool.json'

/** The API parses with JSON.parse: a comment or a trailing comma is an error, like any other syntax error. */
export const STRICT_JSON = { comments: 'error', trailingCommas: 'error' } as const

/** The JSON language's diagnostics options (Monaco's `DiagnosticsOptions`; structural, so Node needs no Monaco). */
export const MANIFEST_DIAGNOSTICS = {
  validate: true,
  allowComments: false,
  // Never fetch a schema (not even the meta-schema named in `$schema`): the page talks to no other origin.
  enableSchemaRequest: false,
  schemaRequest: 'ignore' as const,
  // The API refuses what the schema refuses, so the editor marks it as an error, not a warning.
  schemaValidation: 'error' as const,
  ...STRICT_JSON,
  schemas: [{ uri: MANIFEST_SCHEMA_URI, fileMatch: [MANIFEST_MODEL_PATH], schema: manifestSchema as object }],
}

import { hexDigest, obj } from '../contract/schemaParts.ts'
import { MANIFEST_SCHEMA_ID } from '../contract/version.ts'
import { checkManifest } from '../domain/checkManifest.ts'
import { defineOperation } from './defineOperation.ts'

/** POST /tools/validate: 200 with the manifest's digest, or 422 with every violation. */
export const validateTool = defineOperation({
  operationId: 'validateTool',
  method: 'POST',
  path: '/tools/validate',
  scope: 'tools.validate',
  tag: 'tools',
  body: 'toolRequest',
  title: 'Validate a manifest',
  summary: 'Check a manifest deterministically against service.tool/v1.',
  response: obj({ valid: { const: true }, schema: { const: MANIFEST_SCHEMA_ID }, digest: hexDigest }),
  async run({ input }) {
    const { digest } = checkManifest(input)
    return { valid: true as const, schema: MANIFEST_SCHEMA_ID, digest }
  },
})

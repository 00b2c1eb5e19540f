import { MANIFEST_SCHEMA_URI } from '../contract/manifestSchema.ts'
import { dateTime, hexDigest, list, obj, str } from '../contract/schemaParts.ts'
import { defineOperation } from './defineOperation.ts'

/** GET /tools: the library's human-reviewed manifests, with their digests. */
export const listTools = defineOperation({
  operationId: 'listTools',
  method: 'GET',
  path: '/tools',
  scope: 'tools.read',
  tag: 'tools',
  body: 'none',
  title: 'List the library tools',
  summary: 'Human-reviewed declarative manifests of the library.',
  response: list(obj({ id: str, manifest: { $ref: MANIFEST_SCHEMA_URI }, digest: hexDigest, reviewedAt: dateTime, reviewedBy: str })),
  async run({ tx }) {
    const tools = await tx.objectStore('tools').getAll()
    tools.sort((a, b) => (a.id < b.id ? -1 : 1))
    return { data: tools }
  },
})

import { MANIFEST_SCHEMA_ID } from '../version.ts'
import { checkManifest } from './checkManifest.ts'
import type { Operation } from './types.ts'

/** POST /tools/validate: 200 with the manifest's digest, or 422 with every violation. */
export const validateTool: Operation<{ manifest: unknown }, { digest: string }> = {
  async prepare(input) {
    const { digest } = await checkManifest(input)
    return { digest }
  },
  async run({ prepared }) {
    return { body: { valid: true, schema: MANIFEST_SCHEMA_ID, digest: prepared.digest } }
  },
}

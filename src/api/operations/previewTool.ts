import { buildPreview } from './buildPreview.ts'
import { checkManifest } from './checkManifest.ts'
import type { Operation } from './types.ts'

/** POST /tools/preview: a bounded, non-executing review package, or 422 with every violation. */
export const previewTool: Operation<{ manifest: unknown }, ReturnType<typeof buildPreview>> = {
  async prepare(input) {
    const { manifest, digest } = await checkManifest(input)
    return buildPreview(manifest, digest)
  },
  async run({ prepared }) {
    return { body: prepared }
  },
}

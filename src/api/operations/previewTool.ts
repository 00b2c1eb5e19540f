import { previewSchema } from '../contract/previewSchema.ts'
import { buildPreview } from '../domain/buildPreview.ts'
import { checkManifest } from '../domain/checkManifest.ts'
import { defineOperation } from './defineOperation.ts'

/** POST /tools/preview: a bounded, non-executing review package, or 422 with every violation. */
export const previewTool = defineOperation({
  operationId: 'previewTool',
  method: 'POST',
  path: '/tools/preview',
  scope: 'tools.preview',
  tag: 'tools',
  body: 'toolRequest',
  title: 'Preview a manifest',
  summary: 'Build a bounded, non-executing review package.',
  response: previewSchema,
  async run({ input }) {
    const { manifest, digest } = checkManifest(input)
    return buildPreview(manifest, digest)
  },
})

/** The body of a POST /tools/preview 200, typed from its response schema, and a check that an answer has that shape. */
import type { ResponseBody } from '../../../api/core.ts'

export type PreviewBody = ResponseBody<'previewTool'>
export type PreviewDisplay = NonNullable<PreviewBody['display']>
export type PreviewColumn = PreviewDisplay['columns'][number]

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/**
 * Checks the parts the preview view reads. The answer comes from our own
 * worker, but a view that trusts a shape blindly fails with a blank screen.
 */
export function isPreviewBody(value: unknown): value is PreviewBody {
  if (!isRecord(value)) return false
  const { manifest, permissions, consequence, safetyBoundary, display } = value
  if (!isRecord(manifest) || !Array.isArray(permissions) || !isRecord(consequence) || !isRecord(safetyBoundary)) return false
  if (typeof value.digest !== 'string' || !Array.isArray(safetyBoundary.closedData)) return false
  if (display === null) return true
  return isRecord(display) && Array.isArray(display.columns) && typeof display.layout === 'string'
}

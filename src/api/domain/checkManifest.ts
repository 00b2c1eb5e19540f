import { ApiError } from '../contract/ApiError.ts'
import type { Manifest } from '../contract/manifestSchema.ts'
import { validate } from '../contract/validators.ts'
import { manifestDigest } from './manifestDigest.ts'

/**
 * Validates the body's manifest against service.tool/v1 and digests it.
 * @throws ApiError 422 listing every violation, sorted, pointers into the request body.
 */
export function checkManifest(body: { manifest: unknown }): { manifest: Manifest; digest: string } {
  const violations = validate('manifest', body.manifest, '/manifest')
  if (violations.length > 0) {
    throw new ApiError(
      'manifest_invalid',
      `Failed to validate "manifest": ${violations.length} ${violations.length === 1 ? 'violation' : 'violations'} of service.tool/v1.`,
      { errors: violations },
    )
  }
  const manifest = body.manifest as Manifest
  return { manifest, digest: manifestDigest(manifest) }
}

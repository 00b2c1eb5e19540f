/** The API version reported by GET /status (spec, "Versioning"). */
export const API_VERSION = '2026-08-12' as const

/** The path every operation lives under, on any origin. */
export const BASE_PATH = '/api/developer/v1'

/** The manifest contract identifier; no other value is accepted in `schema`. */
export const MANIFEST_SCHEMA_ID = 'service.tool/v1' as const

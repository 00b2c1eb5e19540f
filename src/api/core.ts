/**
 * The msw-free public entry (`developer-sandbox/core`): the whole sandbox as a
 * Fetch function for any host (a page, Node's http, a bridge). The main entry
 * adds the MSW handlers on top of this one.
 */
export { type Manifest, manifestSchema } from './contract/manifestSchema.ts'
export { buildOpenApiDocument } from './contract/openapi.ts'
export { OPERATIONS, type OperationDefinition, type OperationId } from './contract/operations.ts'
export { PROBLEMS, type ProblemCode } from './contract/problemCodes.ts'
export { SAMPLE_MANIFEST } from './contract/sampleManifest.ts'
export { SCOPES, type Scope } from './contract/scopes.ts'
export { createSandboxCore, DEFAULT_DATABASE_NAME, type Sandbox, type SandboxOptions } from './createSandbox.ts'
export { MAX_BODY_BYTES } from './http/readBody.ts'
export type { Faults } from './pipeline/faults.ts'
export { RATE_LIMIT, RATE_WINDOW_MS } from './pipeline/rateLimit.ts'
export { API_VERSION, BASE_PATH, MANIFEST_SCHEMA_ID } from './version.ts'
export type { WorkspaceChange } from './workspace/changeFeed.ts'
export type { IssuedKey, IssueKeyOptions, Workspace } from './workspace/createWorkspace.ts'
export { KEY_LIFETIME_MS } from './workspace/keyMaterial.ts'
export type { KeyStatus, KeySummary } from './workspace/keyView.ts'
export type { WorkspaceSnapshot } from './workspace/snapshot.ts'
export { WorkspaceError, type WorkspaceErrorCode } from './workspace/WorkspaceError.ts'

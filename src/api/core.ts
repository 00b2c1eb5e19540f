/**
 * The msw-free public entry (`developer-sandbox/core`): the whole sandbox as a
 * Fetch function for any host (a page, Node's http, a bridge). The main entry
 * adds the MSW handlers on top of this one.
 */
export { BODY_KINDS, type BodyKind } from './contract/bodyKinds.ts'
export {
  COLUMN_TYPES,
  type ColumnType,
  DISPLAY_COLORS,
  DISPLAY_LAYOUTS,
  type DisplayColor,
  type DisplayLayout,
  MANIFEST_SCHEMA_URI,
  type Manifest,
  manifestSchema,
} from './contract/manifestSchema.ts'
export { PROBLEMS, type ProblemCode } from './contract/problemCodes.ts'
export type { ProblemDetails } from './contract/problemDetails.ts'
export { SAMPLE_MANIFEST } from './contract/sampleManifest.ts'
export { isScope, SCOPES, type Scope } from './contract/scopes.ts'
export { API_VERSION, BASE_PATH, MANIFEST_SCHEMA_ID } from './contract/version.ts'
export { authoriseControl } from './control/authoriseControl.ts'
export { CLOCK_RANGE_TEXT, EARLIEST_CLOCK_MS, isClockInRange, isSavedClockUsable, LATEST_CLOCK_MS } from './control/clockRange.ts'
export { type ClockChange, type ClockState, changeClock, clockState } from './control/clockRoutes.ts'
export { CONTROL_PROBLEM_CODES, ControlError, type ControlProblemCode, problemResponse, refusalOf } from './control/controlError.ts'
export { CONTROL_BASE_PATH, type ControlHandlerOptions, createControlHandler, isControlPath } from './control/controlHandler.ts'
export { buildControlOpenApiDocument } from './control/controlOpenApi.ts'
export { MAX_EXPIRES_IN_DAYS, WORKSPACE_NAME_PATTERN } from './control/controlSchemas.ts'
export { FaultSwitch } from './control/faultSwitch.ts'
export { changeFaults, type FaultsChange, type FaultsState, faultsState } from './control/faultsRoutes.ts'
export { type Journal, type JournalFilter, queryJournal } from './control/journalRoutes.ts'
export { CONTROL_BODY_LIMIT, STATE_BODY_LIMIT } from './control/readControlBody.ts'
export { SandboxClock } from './control/sandboxClock.ts'
export {
  type ClockControl,
  createSandboxControls,
  type FaultControl,
  type SandboxControls,
  type SandboxControlsOptions,
} from './control/sandboxControls.ts'
export { type ResetOptions, type ResetResult, readResetOptions, resetSandbox } from './control/stateRoutes.ts'
export {
  type CreatedWorkspace,
  type CreateWorkspace,
  DAY_MS,
  readCreateWorkspace,
  type WorkspaceSummary,
} from './control/workspacesContract.ts'
export { createSandboxCore, DEFAULT_DATABASE_NAME, type Sandbox, type SandboxOptions } from './createSandbox.ts'
export { KEY_LIFETIME_MS, type KeyStatus } from './domain/keys.ts'
export { RATE_LIMIT, RATE_WINDOW_MS } from './domain/rateLimit.ts'
export { seededRandomBytes } from './domain/seededRandom.ts'
export { buildOpenApiDocument } from './openapi/buildOpenApiDocument.ts'
export {
  isOperationId,
  OPERATION_IDS,
  OPERATIONS,
  type OperationDefinition,
  type OperationId,
  type ResponseBody,
} from './operations/registry.ts'
export type { ApiAnswer, ApiRequest } from './pipeline/exchange.ts'
export type { Faults } from './pipeline/faults.ts'
export { JOURNAL_BODY_LIMIT, type JournalEntry } from './pipeline/journalEntry.ts'
export { secretSpellings } from './pipeline/journalRedaction.ts'
export { MAX_BODY_BYTES } from './pipeline/readBody.ts'
export { DEFAULT_JOURNAL_CAPACITY, RequestJournal } from './pipeline/requestJournal.ts'
export type { StoreName } from './store/database.ts'
export { STORE_LAYOUT, STORE_NAMES } from './store/layout.ts'
export { MemoryDatabase, type MemoryDatabaseOptions, type RecordWrite, type SavedState, type SavedTable } from './store/memoryDatabase.ts'
export { SEED_TOOLS, type SeedTool } from './store/seedTools.ts'
export type { WorkspaceChange } from './workspace/changeFeed.ts'
export type { IssuedKey, IssueKeyOptions, Workspace } from './workspace/createWorkspace.ts'
export { type FixtureKey, type FixtureOptions, type FixtureUsage, snapshotFromFixture, type WorkspaceFixture } from './workspace/fixture.ts'
export type { KeySummary } from './workspace/keyView.ts'
export { RECORD_STORES, type RecordStore, recordBreak } from './workspace/recordRules.ts'
export { parseSnapshot, SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type WorkspaceSnapshot } from './workspace/snapshot.ts'
export { WorkspaceError, type WorkspaceErrorCode } from './workspace/WorkspaceError.ts'

/** Stable codes of workspace refusals, for UIs and tests to branch on. */
export type WorkspaceErrorCode =
  | 'invalid_scopes'
  | 'invalid_app'
  | 'invalid_environment'
  | 'invalid_label'
  | 'key_not_found'
  | 'invalid_snapshot'
  | 'invalid_key'
  | 'key_exists'
  | 'invalid_fixture'

/** A refused workspace action; nothing was changed. */
export class WorkspaceError extends Error {
  readonly code: WorkspaceErrorCode
  /** JSON Pointer (RFC 6901) to the member at fault, when the refusal is about a document (a snapshot). */
  readonly pointer: string | undefined
  constructor(code: WorkspaceErrorCode, message: string, pointer?: string) {
    super(message)
    this.name = 'WorkspaceError'
    this.code = code
    this.pointer = pointer
  }
}

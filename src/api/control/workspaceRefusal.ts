import { WorkspaceError } from '../workspace/WorkspaceError.ts'
import { ControlError, type ControlProblemCode } from './controlError.ts'

/** A workspace refusal as the control API answers it; anything else is passed on as it is. */
export function asControlError(error: unknown): unknown {
  if (!(error instanceof WorkspaceError)) return error
  const code: ControlProblemCode =
    error.code === 'key_not_found'
      ? 'key_not_found'
      : error.code === 'key_exists'
        ? 'key_exists'
        : error.code === 'invalid_snapshot'
          ? 'invalid_snapshot'
          : 'invalid_key_options'
  if (error.pointer === undefined) return new ControlError(code, error.message)
  const message = error.message.replace(/^Failed to import the workspace: /, '')
  return new ControlError(code, error.message, { errors: [{ pointer: error.pointer, keyword: 'snapshot', message }] })
}

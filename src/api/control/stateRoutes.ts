import type { FromSchema } from 'json-schema-to-ts'
import { reset } from '../contract/validators.generated.js'
import type { ControlContext } from './controlContext.ts'
import { jsonResponse } from './controlError.ts'
import type { resetResultSchema, resetSchema } from './controlSchemas.ts'
import { checkBody, readJson, STATE_BODY_LIMIT, STATE_TOO_LARGE_ADVICE } from './readControlBody.ts'
import { asControlError } from './workspaceRefusal.ts'

export type ResetOptions = FromSchema<typeof resetSchema>
export type ResetResult = FromSchema<typeof resetResultSchema>

/**
 * Back to a fresh sandbox: no usage, rate windows, journal, faults or clock
 * offset; keys (revocations included) too unless `keepKeys`. Durable before it resolves.
 */
export async function resetSandbox(context: ControlContext, options: ResetOptions): Promise<ResetResult> {
  const { workspace, controls } = context
  if (options.keepKeys) {
    const kept = await workspace.exportState()
    await workspace.importState({ ...kept, usage: [], keyActivity: [] })
  } else {
    await workspace.reset()
  }
  controls.journal.clear()
  controls.faults.clear()
  controls.clock.reset()
  await context.persist()
  return { keepKeys: options.keepKeys === true, keys: (await workspace.listKeys()).length }
}

/**
 * A reset's body, checked; empty reads as `{}`.
 * @throws ControlError when it is not JSON or not a reset's options.
 */
export async function readResetOptions(request: Request): Promise<ResetOptions> {
  return checkBody<ResetOptions>(reset, await readJson(request, 'reset the sandbox', { empty: {} }), 'reset the sandbox')
}

export async function resetRoute(request: Request, context: ControlContext): Promise<Response> {
  return jsonResponse(200, await resetSandbox(context, await readResetOptions(request)))
}

/** `GET` exports the workspace as the playground does; `PUT` imports one, all or nothing, checked as the playground checks it. */
export async function stateRoute(request: Request, context: ControlContext): Promise<Response> {
  if (request.method === 'GET') return jsonResponse(200, await context.workspace.exportState())
  const snapshot = await readJson(request, 'import the state', { limit: STATE_BODY_LIMIT, tooLarge: STATE_TOO_LARGE_ADVICE })
  try {
    await context.workspace.importState(snapshot)
  } catch (error) {
    throw asControlError(error)
  }
  await context.persist()
  return jsonResponse(200, { keys: (await context.workspace.listKeys()).length })
}

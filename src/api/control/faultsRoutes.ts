import type { FromSchema } from 'json-schema-to-ts'
import { faultsChange } from '../contract/validators.generated.js'
import type { Faults } from '../pipeline/faults.ts'
import type { ControlContext } from './controlContext.ts'
import { jsonResponse } from './controlError.ts'
import type { faultsChangeSchema, faultsStateSchema } from './controlSchemas.ts'
import { checkBody, readJson } from './readControlBody.ts'

export type FaultsChange = FromSchema<typeof faultsChangeSchema>
export type FaultsState = FromSchema<typeof faultsStateSchema>

export function faultsState({ controls }: ControlContext): FaultsState {
  const faults = controls.faults.read()
  return {
    authorizationUnavailable: faults.authorization === 'unavailable',
    latencyMs: faults.latencyMs ?? 0,
    operations: faults.operations ? ([...faults.operations] as FaultsState['operations']) : null,
    count: faults.count ?? null,
  }
}

/** Replaces every fault with a checked change. */
export function changeFaults(context: ControlContext, change: FaultsChange): FaultsState {
  const faults: Faults = {}
  if (change.authorizationUnavailable) faults.authorization = 'unavailable'
  if (change.latencyMs) faults.latencyMs = change.latencyMs
  if (change.operations) faults.operations = [...change.operations]
  if (change.count !== undefined) faults.count = change.count
  context.controls.faults.set(faults)
  return faultsState(context)
}

export async function faultsRoute(request: Request, context: ControlContext): Promise<Response> {
  if (request.method === 'PUT') {
    const change = checkBody<FaultsChange>(faultsChange, await readJson(request, 'set the faults'), 'set the faults')
    return jsonResponse(200, changeFaults(context, change))
  }
  if (request.method === 'DELETE') context.controls.faults.clear()
  return jsonResponse(200, faultsState(context))
}

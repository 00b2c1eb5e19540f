import type { FromSchema } from 'json-schema-to-ts'
import { clockChange } from '../contract/validators.generated.js'
import type { ControlContext } from './controlContext.ts'
import { ControlError, jsonResponse } from './controlError.ts'
import type { clockChangeSchema, clockStateSchema } from './controlSchemas.ts'
import { parseInstant } from './parseInstant.ts'
import { checkBody, readJson } from './readControlBody.ts'

export type ClockChange = FromSchema<typeof clockChangeSchema>
export type ClockState = FromSchema<typeof clockStateSchema>

/** The furthest a clock may be moved: the range a JavaScript Date can show. */
const MAX_INSTANT = 8.64e15

export function clockState({ controls }: ControlContext): ClockState {
  return { now: new Date(controls.clock.now()).toISOString(), offsetMs: controls.clock.offsetMs }
}

/** Applies a checked change; a date that does not exist or a move off the calendar changes nothing. */
export function changeClock(context: ControlContext, change: ClockChange): ClockState {
  const { clock } = context.controls
  const target = change.now !== undefined ? parseInstant(change.now) : clock.now() + (change.advanceMs ?? 0)
  if (target === undefined || Math.abs(target) > MAX_INSTANT) {
    const pointer = change.now !== undefined ? '/now' : '/advanceMs'
    const message = change.now !== undefined ? 'is not a date that exists' : 'moves the clock past the range of dates'
    throw new ControlError('invalid_body', `Failed to set the clock: "${pointer}" ${message}.`, {
      errors: [{ pointer, keyword: 'format', message }],
    })
  }
  clock.set(target)
  return clockState(context)
}

export async function clockRoute(request: Request, context: ControlContext): Promise<Response> {
  if (request.method === 'PUT') {
    const change = checkBody<ClockChange>(clockChange, await readJson(request, 'set the clock'), 'set the clock')
    return jsonResponse(200, changeClock(context, change))
  }
  if (request.method === 'DELETE') context.controls.clock.reset()
  return jsonResponse(200, clockState(context))
}

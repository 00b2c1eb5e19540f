import type { FromSchema } from 'json-schema-to-ts'
import { clockChange } from '../contract/validators.generated.js'
import { CLOCK_RANGE_TEXT, isClockInRange } from './clockRange.ts'
import type { ControlContext } from './controlContext.ts'
import { ControlError, jsonResponse } from './controlError.ts'
import type { clockChangeSchema, clockStateSchema } from './controlSchemas.ts'
import { parseInstant } from './parseInstant.ts'
import { checkBody, readJson } from './readControlBody.ts'

export type ClockChange = FromSchema<typeof clockChangeSchema>
export type ClockState = FromSchema<typeof clockStateSchema>

export function clockState({ controls }: ControlContext): ClockState {
  return { now: new Date(controls.clock.now()).toISOString(), offsetMs: controls.clock.offsetMs }
}

/**
 * Applies a checked change. A date that does not exist, or a move outside the
 * clock's range (`clockRange.ts`), changes nothing: every record a request
 * writes by that clock must load again.
 */
export function changeClock(context: ControlContext, change: ClockChange): ClockState {
  const { clock } = context.controls
  const pointer = change.now !== undefined ? '/now' : '/advanceMs'
  const refuse = (message: string): never => {
    throw new ControlError('invalid_body', `Failed to set the clock: "${pointer}" ${message}.`, {
      errors: [{ pointer, keyword: 'format', message }],
    })
  }
  const target = change.now !== undefined ? parseInstant(change.now) : clock.now() + (change.advanceMs ?? 0)
  if (target === undefined) return refuse('is not a date that exists')
  if (!isClockInRange(target)) {
    const shown = Number.isFinite(target) && Math.abs(target) <= 8.64e15 ? ` (${new Date(target).toISOString()})` : ''
    return refuse(`moves the clock outside the instants it can show${shown}: ${CLOCK_RANGE_TEXT}`)
  }
  // An advance moves the offset itself: setting the instant would read real time twice and lose the gap between.
  if (change.now !== undefined) clock.set(target)
  else clock.advance(change.advanceMs ?? 0)
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

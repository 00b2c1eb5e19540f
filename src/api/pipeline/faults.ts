/**
 * Switches that make the sandbox misbehave on purpose, so a client's handling
 * of a failing authorisation store or a slow network can be exercised.
 */
export interface Faults {
  /** `'unavailable'`: every authorisation fails as if the store were down (503). */
  authorization?: 'ok' | 'unavailable'
  /** Added delay before each response, in milliseconds. */
  latencyMs?: number
  /** Only requests of these operations misbehave; every operation when absent. */
  operations?: readonly string[]
  /** How many more matching requests misbehave; without limit when absent. Each matching request takes one. */
  count?: number
}

export const NO_FAULTS: Faults = {}

/**
 * The faults one request of `operationId` meets, or undefined when none
 * apply. A request that meets them takes one from `count`, in place: the
 * switch object is the one the host holds and shows.
 */
export function takeFaults(faults: Faults, operationId: string): Faults | undefined {
  const latency = faults.latencyMs ?? 0
  if (faults.authorization !== 'unavailable' && latency <= 0) return undefined
  if (faults.operations && !faults.operations.includes(operationId)) return undefined
  if (faults.count !== undefined) {
    if (faults.count <= 0) return undefined
    faults.count -= 1
  }
  return faults
}

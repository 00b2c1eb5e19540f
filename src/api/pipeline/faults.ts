/**
 * Switches that make the sandbox misbehave on purpose, so a client's handling
 * of a failing authorisation store or a slow network can be exercised.
 */
export interface Faults {
  /** `'unavailable'`: every authorisation fails as if the store were down (503). */
  authorization?: 'ok' | 'unavailable'
  /** Added delay before each response, in milliseconds. */
  latencyMs?: number
}

export const NO_FAULTS: Faults = {}

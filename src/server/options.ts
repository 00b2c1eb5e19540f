/** Option values shared by the commands, checked once. */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { CLOCK_RANGE_TEXT, DEFAULT_JOURNAL_CAPACITY, type Faults, isClockInRange } from '../api/core.ts'
import { UsageError } from './usage.ts'

export const DEFAULT_STATE = '.developer-sandbox/state.db'
/** Where earlier versions kept the default state, as JSON; brought into the database the first time. */
export const LEGACY_STATE = '.developer-sandbox/state.json'
export const DEFAULT_PORT = 4010
export const DEFAULT_HOST = '127.0.0.1'

export function statePath(value: string | undefined): string {
  return resolve(value ?? DEFAULT_STATE)
}

/** The JSON state an earlier version left at the default place, when the default database does not exist yet. */
export function legacyStateToImport(value: string | undefined): string | undefined {
  if (value !== undefined || existsSync(resolve(DEFAULT_STATE)) || !existsSync(resolve(LEGACY_STATE))) return undefined
  return resolve(LEGACY_STATE)
}

export function portNumber(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PORT
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65_535)
    throw new UsageError(`Failed to read "--port": "${value.slice(0, 40)}" is not a port (0 to 65535).`)
  return Number(value)
}

/** The sandbox clock: real time, or real time shifted to start at `--clock`. */
export function clock(value: string | undefined): (() => number) | undefined {
  if (value === undefined) return undefined
  const start = Date.parse(value)
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(start)) {
    throw new UsageError(`Failed to read "--clock": "${value.slice(0, 40)}" is not an ISO date such as 2026-09-01T12:00:00Z.`)
  }
  if (!isClockInRange(start)) {
    throw new UsageError(
      `Failed to read "--clock": "${value.slice(0, 40)}" is outside the instants the clock can show, ${CLOCK_RANGE_TEXT}.`,
    )
  }
  const offset = start - Date.now()
  return () => Date.now() + offset
}

/** `--journal <n>`: how many requests the control API's journal keeps; 0 keeps none and copies nothing per request. */
export function journalCapacity(value: string | undefined): number {
  if (value === undefined) return DEFAULT_JOURNAL_CAPACITY
  if (!/^\d{1,7}$/.test(value) || Number(value) > 1_000_000)
    throw new UsageError(`Failed to read "--journal": "${value.slice(0, 40)}" is not a number of requests from 0 to 1000000.`)
  return Number(value)
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
}

/** `--faults`: `authorization-unavailable` (every request answers 503) and/or `latency=<ms>`. */
export function faults(value: string | undefined): Faults | undefined {
  if (value === undefined) return undefined
  const chosen: Faults = {}
  for (const part of value.split(',').map((item) => item.trim())) {
    const latency = part.match(/^latency=(\d{1,5})$/)
    if (part === 'authorization-unavailable') chosen.authorization = 'unavailable'
    else if (latency) chosen.latencyMs = Number(latency[1])
    else
      throw new UsageError(
        `Failed to read "--faults": "${part.slice(0, 40)}" is not a fault; use authorization-unavailable and/or latency=<ms>.`,
      )
  }
  return chosen
}

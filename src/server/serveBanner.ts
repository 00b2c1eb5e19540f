/** What `serve` prints once it listens: where everything is, and a key with a curl line when it just issued one. */
import { BASE_PATH, CONTROL_BASE_PATH, type Faults } from '../api/core.ts'
import { OPENAPI_PATH } from './httpServer.ts'

export interface ServeBanner {
  version: string
  origin: string
  /** The state file's path. */
  state: string
  /** How long the start took. */
  readyInMs: number
  /** A key issued at this start (shown once), or none when the state holds an active key. */
  key?: string | undefined
  /** Where the admin token is to be found (the lock file, or the environment variable). */
  tokenAt: string
  /** The one-time link that opens the playground with the admin token, when the package carries the playground. */
  playgroundLink?: string | undefined
  /** What the Playground line says of its address; by default that it is a one-time link. */
  playgroundNote?: string | undefined
  /** Set when serve runs on a state other than the default: the commands shown then name it. */
  stateOption?: string | undefined
  /** The sandbox clock at start (epoch ms) and how far it is from real time, as the state kept it or --clock set it. */
  clock?: { now: number; offsetMs: number } | undefined
  /** The fault switches at start, as the state kept them or --faults set them. */
  faults?: Faults | undefined
}

/** How the commands the banner shows start, the same in a project that installed the package and in a clone. */
const COMMAND = 'npx developer-sandbox'

/** A path as one shell word. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`
}

/** A clock under a second from real time reads as real time. */
function clockLines(clock: ServeBanner['clock'], state: string): string[] {
  if (!clock || Math.abs(clock.offsetMs) < 1000) return []
  const minutes = Math.abs(clock.offsetMs) / 60_000
  const amount =
    minutes >= 2 * 24 * 60
      ? `${Math.round(minutes / (24 * 60))} days`
      : minutes >= 120
        ? `${Math.round(minutes / 60)} h`
        : minutes >= 1
          ? `${Math.round(minutes)} min`
          : `${Math.round(minutes * 60)} s`
  return [
    `  ➜  Clock:    ${new Date(clock.now).toISOString()}, ${amount} ${clock.offsetMs > 0 ? 'ahead of' : 'behind'} real time`,
    `               real time again: ${COMMAND} control clock real${state}`,
  ]
}

/** Faults that no request will meet any more (none left to count) are off. */
function faultLines(faults: Faults | undefined, state: string): string[] {
  if (!faults) return []
  const on = [
    ...(faults.authorization === 'unavailable' ? ['authorization unavailable (503)'] : []),
    ...((faults.latencyMs ?? 0) > 0 ? [`${faults.latencyMs} ms latency`] : []),
  ]
  if (on.length === 0 || (faults.count !== undefined && faults.count <= 0)) return []
  const scope = [
    ...(faults.operations ? [`only ${faults.operations.join(', ')}`] : []),
    ...(faults.count !== undefined ? [`${faults.count} more ${faults.count === 1 ? 'request' : 'requests'}`] : []),
  ]
  return [`  ➜  Faults:   ${[...on, ...scope].join('; ')}`, `               off: ${COMMAND} control faults clear${state}`]
}

/** Vite-style banner; the key and its curl line appear only when one was just issued. */
export function serveBanner(banner: ServeBanner): string {
  const { version, origin, state, readyInMs, key, tokenAt, playgroundLink, playgroundNote, stateOption } = banner
  const onState = stateOption ? ` --state ${shellWord(stateOption)}` : ''
  const lines = [
    '',
    `  developer-sandbox ${version}  ready in ${Math.round(readyInMs)} ms`,
    '',
    ...(playgroundLink
      ? [`  ➜  Playground: ${playgroundLink}  (${playgroundNote ?? 'one-time link: hands the admin token to the page'})`]
      : []),
    `  ➜  API:      ${origin}${BASE_PATH}`,
    `  ➜  OpenAPI:  ${origin}${OPENAPI_PATH}`,
    `  ➜  Control:  ${origin}${CONTROL_BASE_PATH} (admin token ${tokenAt})`,
    `  ➜  State:    ${state}`,
    ...clockLines(banner.clock, onState),
    ...faultLines(banner.faults, onState),
    '',
  ]
  if (key) {
    lines.push(
      '  New key with every scope (shown once; the state keeps only its hash):',
      `  ${key}`,
      '',
      '  Try it:',
      `  curl -H "Authorization: Bearer ${key}" ${origin}${BASE_PATH}/status`,
      '',
    )
  }
  lines.push(`  More keys: ${COMMAND} keys issue --scopes status.read,tools.read${onState}`, '  Stop: Ctrl+C', '')
  return `${lines.join('\n')}\n`
}

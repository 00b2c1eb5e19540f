/** What `serve` prints once it listens: where everything is, and a key with a curl line when it just issued one. */
import { BASE_PATH, CONTROL_BASE_PATH } from '../api/core.ts'
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
}

/** Vite-style banner; the key and its curl line appear only when one was just issued. */
export function serveBanner({ version, origin, state, readyInMs, key, tokenAt, playgroundLink, playgroundNote }: ServeBanner): string {
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
  lines.push('  More keys: developer-sandbox keys issue --scopes status.read,tools.read', '  Stop: Ctrl+C', '')
  return `${lines.join('\n')}\n`
}

/**
 * `developer-sandbox keys issue|list|revoke`. With a server running on the
 * state file, through its local admin route (the server holds the state in
 * memory, so only it may change it); without one, on the file directly, under
 * the same lock a server takes. See docs/decisions/011-keys-command.md.
 */
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { IssuedKey, IssueKeyOptions, KeySummary, Scope } from '../api/core.ts'
import { CONTROL_BASE_PATH, WorkspaceError } from '../api/core.ts'
import { legacyStateToImport, statePath } from './options.ts'
import { openPersistentSandbox } from './persistentSandbox.ts'
import { remoteSandboxUrl } from './remoteSandboxUrl.ts'
import { readExportFile } from './stateFile.ts'
import { type LockOwner, StateInUseError, StateLock } from './stateLock.ts'
import { KEYS_HELP, UsageError } from './usage.ts'

const ADMIN_PATH = `${CONTROL_BASE_PATH}/keys`

/** A sandbox refused the change (wrong token, unknown key): one line, exit code 1, as a server's refusal. */
export class RemoteRefusal extends Error {
  override name = 'RemoteRefusal'
}

type KeysAction = { kind: 'issue'; options: IssueKeyOptions } | { kind: 'list' } | { kind: 'revoke'; id: string }

type Outcome = IssuedKey | KeySummary | KeySummary[]

/** A sandbox's admin route: a local server's from its lock file, or a remote one's from --url and --token. */
type AdminTarget = NonNullable<LockOwner['server']>

async function viaServer(server: AdminTarget, action: KeysAction): Promise<Outcome> {
  const url = action.kind === 'revoke' ? `${server.url}${ADMIN_PATH}/${encodeURIComponent(action.id)}/revoke` : `${server.url}${ADMIN_PATH}`
  const init: RequestInit = {
    method: action.kind === 'list' ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${server.adminToken}`, 'Content-Type': 'application/json' },
    ...(action.kind === 'issue' ? { body: JSON.stringify(action.options) } : {}),
  }
  let response: Response
  try {
    response = await fetch(url, init)
  } catch (error) {
    throw new UsageError(`Failed to reach the server at ${server.url}: ${error instanceof Error ? error.message : String(error)}`)
  }
  const text = await response.text()
  let body: (Outcome & { detail?: string }) | undefined
  try {
    body = JSON.parse(text) as Outcome & { detail?: string }
  } catch {
    body = undefined
  }
  if (!response.ok || body === undefined) {
    const detail = typeof body?.detail === 'string' ? body.detail : `the server answered ${response.status} ${response.statusText}`.trim()
    throw new RemoteRefusal(`Failed to manage keys at ${server.url}: ${detail.replace(/^Failed to [^:]+: /, '')}`)
  }
  return body
}

async function onFile(state: string, legacy: string | undefined, action: KeysAction): Promise<Outcome> {
  const lock = await StateLock.acquire(state)
  try {
    const sandbox = await openPersistentSandbox({ statePath: state })
    try {
      if (legacy) await sandbox.importExport(await readExportFile(legacy), legacy)
      if (action.kind === 'issue') return await sandbox.issueKey(action.options)
      if (action.kind === 'revoke') return await sandbox.revokeKey(action.id)
      return await sandbox.listKeys()
    } finally {
      await sandbox.close()
    }
  } finally {
    await lock.release()
  }
}

/**
 * A server holds the lock from start to stop, and says where it answers; a
 * `keys` command holds it only for a moment, so it is waited for.
 */
async function run(state: string, legacy: string | undefined, action: KeysAction): Promise<Outcome> {
  // A running server has created its state file, so with none there is nothing to read: answer as an
  // empty workspace does, and leave the folder as it was (no state file, no lock, no folder).
  if (action.kind !== 'issue' && legacy === undefined && !existsSync(state)) {
    if (action.kind === 'list') return []
    throw new UsageError(`Failed to revoke key "${action.id.slice(0, 80)}": no such key.`)
  }
  for (let attempt = 0; ; attempt++) {
    try {
      return await onFile(state, legacy, action)
    } catch (error) {
      if (!(error instanceof StateInUseError)) throw error
      if (error.owner?.server) return viaServer(error.owner.server, action)
      if (attempt >= 50) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

/** The remote sandbox and its admin token, from the flags or the environment; undefined for the local state. */
function remoteTarget(values: Record<string, string | boolean | undefined>): AdminTarget | undefined {
  const url = typeof values.url === 'string' ? values.url : process.env.DEVELOPER_SANDBOX_URL
  const token = typeof values.token === 'string' ? values.token : process.env.DEVELOPER_SANDBOX_ADMIN_TOKEN
  if (!url) {
    if (typeof values.token === 'string') throw new UsageError('Failed to read the command line: --token needs --url <origin>.')
    return undefined
  }
  if (values.state !== undefined) throw new UsageError('Failed to read the command line: pass --url or --state, not both.')
  const base = remoteSandboxUrl(url)
  if (!token)
    throw new UsageError('Failed to manage keys: pass --token <admin token> or set DEVELOPER_SANDBOX_ADMIN_TOKEN for a remote sandbox.')
  return { url: base, adminToken: token }
}

function describeKey(key: KeySummary): string {
  const label = key.label ? `  "${key.label}"` : ''
  return `${key.id}  ${key.status.padEnd(7)}  …${key.lastFour}  ${key.app}/${key.environment}  ${key.scopes.join(',')}${label}`
}

/** What a script captures: the secret of an issued key, the ids of listed keys, nothing for a revocation. */
function quietly(outcome: Outcome): string {
  if (Array.isArray(outcome)) return outcome.map((key) => `${key.id}\n`).join('')
  return 'key' in outcome ? `${outcome.key}\n` : ''
}

function parseAction(positionals: string[], values: Record<string, string | boolean | undefined>): KeysAction {
  const [verb, ...extra] = positionals
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined)
  if (verb === 'issue') {
    if (extra.length > 0)
      throw new UsageError(`Failed to read the command line: unexpected "${extra[0]}". Run npx developer-sandbox keys --help.`)
    const scopes = text('scopes')
    if (!scopes) throw new UsageError('Failed to issue key: pass --scopes, e.g. --scopes status.read,tools.read.')
    const options: IssueKeyOptions = { scopes: scopes.split(',').map((scope) => scope.trim()) as Scope[] }
    for (const name of ['app', 'environment', 'label'] as const) {
      const value = text(name)
      if (value !== undefined) options[name] = value
    }
    return { kind: 'issue', options }
  }
  if (verb === 'list' && extra.length === 0) return { kind: 'list' }
  if (verb === 'revoke' && extra.length === 1) return { kind: 'revoke', id: extra[0] ?? '' }
  if (verb === 'revoke')
    throw new UsageError('Failed to revoke key: pass exactly one key id, e.g. developer-sandbox keys revoke key_0123abcd.')
  throw new UsageError(`Failed to run "keys ${String(verb ?? '').slice(0, 40)}": use keys issue, keys list or keys revoke <id>.`)
}

export async function keysCommand(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: {
      scopes: { type: 'string' },
      app: { type: 'string' },
      environment: { type: 'string' },
      label: { type: 'string' },
      state: { type: 'string' },
      url: { type: 'string' },
      token: { type: 'string' },
      json: { type: 'boolean' },
      quiet: { type: 'boolean', short: 'q' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: true,
  })
  if (values.help) {
    process.stdout.write(KEYS_HELP)
    return 0
  }
  if (values.json && values.quiet) throw new UsageError('Failed to read the command line: pass --json or --quiet, not both.')
  const action = parseAction(positionals, values)
  let outcome: Outcome
  try {
    const remote = remoteTarget(values)
    outcome = remote ? await viaServer(remote, action) : await run(statePath(values.state), legacyStateToImport(values.state), action)
  } catch (error) {
    if (error instanceof WorkspaceError) throw new UsageError(error.message)
    throw error
  }
  if (values.json) {
    process.stdout.write(`${JSON.stringify(outcome, null, 2)}\n`)
  } else if (values.quiet) {
    process.stdout.write(quietly(outcome))
  } else if (Array.isArray(outcome)) {
    process.stdout.write(
      outcome.length === 0
        ? 'No keys yet: developer-sandbox keys issue --scopes status.read\n'
        : `${outcome.map(describeKey).join('\n')}\n`,
    )
  } else if ('key' in outcome) {
    process.stdout.write(`Issued ${describeKey(outcome)}\nKey (shown once): ${outcome.key}\n`)
  } else {
    process.stdout.write(`Revoked ${describeKey(outcome)}\n`)
  }
  return 0
}

/**
 * `developer-sandbox workspaces list|create|delete`: a team sandbox's named
 * workspaces, through the control API at the deployment's origin
 * (`--url`/`--token`, or DEVELOPER_SANDBOX_URL/DEVELOPER_SANDBOX_ADMIN_TOKEN).
 * `serve` has one workspace and no such routes.
 */
import { parseArgs } from 'node:util'
import { MAX_EXPIRES_IN_DAYS, WORKSPACE_NAME_PATTERN } from '../api/core.ts'
import { ControlClientError, createControlClient, type WorkspaceSummary } from '../client/controlClient.ts'
import { RemoteRefusal } from './keysCommand.ts'
import { remoteSandboxUrl } from './remoteSandboxUrl.ts'
import { UsageError, WORKSPACES_HELP } from './usage.ts'

type Action = { kind: 'list' } | { kind: 'create'; name: string; expiresInDays: number | undefined } | { kind: 'delete'; name: string }

const NAME = new RegExp(WORKSPACE_NAME_PATTERN)

function nameOf(verb: string, extra: string[]): string {
  const [name, ...more] = extra
  if (name === undefined || more.length > 0)
    throw new UsageError(`Failed to ${verb} the workspace: pass exactly one name, e.g. developer-sandbox workspaces ${verb} pr-42.`)
  if (!NAME.test(name))
    throw new UsageError(
      `Failed to read the workspace name "${name.slice(0, 80)}": use lower-case letters, digits and inner hyphens (up to 63).`,
    )
  return name
}

function parseAction(positionals: string[], expires: string | undefined): Action {
  const [verb, ...extra] = positionals
  if (expires !== undefined && verb !== 'create')
    throw new UsageError('Failed to read the command line: --expires-in-days goes with create.')
  if (verb === 'list' && extra.length === 0) return { kind: 'list' }
  if (verb === 'create') {
    let expiresInDays: number | undefined
    if (expires !== undefined) {
      expiresInDays = /^\d{1,3}$/.test(expires) ? Number(expires) : Number.NaN
      if (!(expiresInDays >= 1 && expiresInDays <= MAX_EXPIRES_IN_DAYS))
        throw new UsageError(
          `Failed to read "--expires-in-days": "${expires.slice(0, 20)}" is not a whole number of days from 1 to ${MAX_EXPIRES_IN_DAYS}.`,
        )
    }
    return { kind: 'create', name: nameOf('create', extra), expiresInDays }
  }
  if (verb === 'delete') return { kind: 'delete', name: nameOf('delete', extra) }
  throw new UsageError(
    `Failed to run "workspaces ${positionals.join(' ').slice(0, 40)}": use workspaces list, create <name> or delete <name>.`,
  )
}

function target(values: Record<string, string | boolean | undefined>): { url: string; token: string } {
  const url = typeof values.url === 'string' ? values.url : process.env.DEVELOPER_SANDBOX_URL
  const token = typeof values.token === 'string' ? values.token : process.env.DEVELOPER_SANDBOX_ADMIN_TOKEN
  if (!url) throw new UsageError('Failed to manage workspaces: pass --url <team sandbox origin> or set DEVELOPER_SANDBOX_URL.')
  const base = remoteSandboxUrl(url)
  if (!token) throw new UsageError('Failed to manage workspaces: pass --token <admin token> or set DEVELOPER_SANDBOX_ADMIN_TOKEN.')
  return { url: base, token }
}

const when = (instant: string | null, none: string) => (instant === null ? none : instant.replace(/:\d\d\.\d{3}Z$/, 'Z'))

function summaryLine(workspace: WorkspaceSummary): string {
  const keys = `${workspace.keys} ${workspace.keys === 1 ? 'key' : 'keys'}`
  return `${workspace.workspace}  created ${when(workspace.createdAt, '')}  last used ${when(workspace.lastUsedAt, 'never')}  expires ${when(workspace.expiresAt, 'never')}  ${keys}`
}

export async function workspacesCommand(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: {
      url: { type: 'string' },
      token: { type: 'string' },
      'expires-in-days': { type: 'string' },
      json: { type: 'boolean' },
      quiet: { type: 'boolean', short: 'q' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: true,
  })
  if (values.help || positionals.length === 0) {
    process.stdout.write(WORKSPACES_HELP)
    return values.help ? 0 : 2
  }
  if (values.json && values.quiet) throw new UsageError('Failed to read the command line: pass --json or --quiet, not both.')
  const action = parseAction(positionals, values['expires-in-days'])
  const { url, token } = target(values)
  const client = createControlClient({ url, token })
  let output: string
  try {
    if (action.kind === 'list') {
      const listed = await client.listWorkspaces()
      if (values.json) output = JSON.stringify(listed, null, 2)
      else if (values.quiet) output = listed.map((workspace) => workspace.workspace).join('\n')
      else
        output = listed.length === 0 ? 'No workspaces yet: developer-sandbox workspaces create <name>' : listed.map(summaryLine).join('\n')
    } else if (action.kind === 'create') {
      const made = await client.createWorkspace(
        action.name,
        action.expiresInDays === undefined ? {} : { expiresInDays: action.expiresInDays },
      )
      // What a CI step captures: the workspace's base URL, for `keys issue --url` and the tests.
      if (values.json) output = JSON.stringify(made, null, 2)
      else if (values.quiet) output = `${url}/workspaces/${made.workspace}`
      else output = `${made.created ? 'Created' : 'Exists '} ${summaryLine(made)}\nURL: ${url}/workspaces/${made.workspace}`
    } else {
      await client.deleteWorkspace(action.name)
      output = values.quiet ? '' : values.json ? JSON.stringify({ workspace: action.name, deleted: true }) : `Deleted ${action.name}`
    }
  } catch (error) {
    if (error instanceof ControlClientError)
      throw new RemoteRefusal(`Failed to manage workspaces at ${url}: ${error.message.replace(/^Failed to [^:]+: /, '')}`)
    if (error instanceof TypeError) throw new UsageError(`Failed to reach the team sandbox at ${url}: ${error.message}`)
    throw error
  }
  if (output) process.stdout.write(`${output}\n`)
  return 0
}

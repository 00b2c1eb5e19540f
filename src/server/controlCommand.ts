/**
 * `developer-sandbox control reset|clock|faults|requests`: the control API
 * from a shell or a CI step, against `--url`/`--token`, the
 * DEVELOPER_SANDBOX_URL/DEVELOPER_SANDBOX_ADMIN_TOKEN variables, or the
 * server running on the state file (as `keys` finds it).
 */
import { parseArgs } from 'node:util'
import { type ControlClient, ControlClientError, createControlClient, type FaultsChange } from '../client/controlClient.ts'
import { statePath } from './options.ts'
import { StateLock } from './stateLock.ts'
import { CONTROL_HELP, UsageError } from './usage.ts'

type Values = Record<string, string | boolean | undefined>

const text = (values: Values, name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined)

function integer(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined
  if (!/^-?\d{1,16}$/.test(value)) throw new UsageError(`Failed to read "${option}": "${value.slice(0, 40)}" is not a whole number.`)
  return Number(value)
}

async function target(values: Values): Promise<{ url: string; token: string | undefined }> {
  const url = text(values, 'url') ?? process.env.DEVELOPER_SANDBOX_URL
  const token = text(values, 'token') ?? (process.env.DEVELOPER_SANDBOX_ADMIN_TOKEN || undefined)
  if (url) return { url, token }
  const server = await StateLock.runningServer(statePath(text(values, 'state')))
  if (server) return { url: server.url, token: token ?? server.adminToken }
  throw new UsageError(
    'Failed to find a sandbox to control: no server runs on this state file. Start one (npx developer-sandbox serve), or pass --url and --token.',
  )
}

function faultsOf(values: Values): FaultsChange {
  const faults: FaultsChange = {}
  if (values['authorization-unavailable']) faults.authorizationUnavailable = true
  const latency = integer(text(values, 'latency'), '--latency')
  if (latency !== undefined) faults.latencyMs = latency
  const operations = text(values, 'operations')
  if (operations) faults.operations = operations.split(',').map((item) => item.trim()) as FaultsChange['operations']
  const count = integer(text(values, 'count'), '--count')
  if (count !== undefined) faults.count = count
  return faults
}

async function run(client: ControlClient, positionals: string[], values: Values): Promise<unknown> {
  const [noun, verb, argument, ...extra] = positionals
  const wrong = () => new UsageError(`Failed to run "control ${positionals.join(' ').slice(0, 60)}": see developer-sandbox control --help.`)
  if (extra.length > 0) throw wrong()
  if (noun === 'reset' && verb === undefined) return client.reset({ keepKeys: values['keep-keys'] === true })
  if (noun === 'clock') {
    if (verb === undefined) return client.getClock()
    if (verb === 'set' && argument) return client.setClock(argument)
    if (verb === 'advance' && argument) return client.advanceClock(integer(argument, 'clock advance') ?? 0)
    if (verb === 'real' && !argument) return client.resetClock()
  }
  if (noun === 'faults' && !argument) {
    if (verb === undefined) return client.getFaults()
    if (verb === 'set') return client.setFaults(faultsOf(values))
    if (verb === 'clear') return client.clearFaults()
  }
  if (noun === 'requests' && !argument) {
    if (verb === 'clear') return client.clearRequests()
    if (verb === undefined) {
      const status = integer(text(values, 'status'), '--status')
      const limit = integer(text(values, 'limit'), '--limit')
      const operation = text(values, 'operation')
      const keyId = text(values, 'key-id')
      const since = text(values, 'since')
      return client.requests({
        ...(operation ? { operation } : {}),
        ...(status !== undefined ? { status } : {}),
        ...(keyId ? { keyId } : {}),
        ...(since ? { since } : {}),
        ...(limit !== undefined ? { limit } : {}),
      })
    }
  }
  throw wrong()
}

function summarise(outcome: unknown): string {
  const value = outcome as Record<string, unknown>
  if ('requests' in value) {
    const lines = (value.requests as { time: string; method: string; path: string; status: number; keyId: string | null }[]).map(
      (entry) => `${entry.time}  ${entry.status}  ${entry.method} ${entry.path}${entry.keyId ? `  ${entry.keyId}` : ''}`,
    )
    return [...lines, `${value.total} matching ${value.total === 1 ? 'request' : 'requests'}`].join('\n')
  }
  if ('offsetMs' in value) return `Clock: ${value.now} (offset ${value.offsetMs} ms)`
  if ('keepKeys' in value) return `Reset: ${value.keys} ${value.keys === 1 ? 'key' : 'keys'} kept`
  return `Faults: ${JSON.stringify(value)}`
}

export async function controlCommand(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: {
      url: { type: 'string' },
      token: { type: 'string' },
      state: { type: 'string' },
      json: { type: 'boolean' },
      'keep-keys': { type: 'boolean' },
      'authorization-unavailable': { type: 'boolean' },
      latency: { type: 'string' },
      operations: { type: 'string' },
      count: { type: 'string' },
      operation: { type: 'string' },
      status: { type: 'string' },
      'key-id': { type: 'string' },
      since: { type: 'string' },
      limit: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: true,
  })
  if (values.help || positionals.length === 0) {
    process.stdout.write(CONTROL_HELP)
    return values.help ? 0 : 2
  }
  const { url, token } = await target(values)
  let outcome: unknown
  try {
    outcome = await run(createControlClient({ url, token }), positionals, values)
  } catch (error) {
    if (error instanceof ControlClientError) throw new UsageError(error.message)
    if (error instanceof TypeError) {
      throw new UsageError(`Failed to reach the sandbox at ${url}: ${error.message}`)
    }
    throw error
  }
  process.stdout.write(`${values.json ? JSON.stringify(outcome, null, 2) : summarise(outcome)}\n`)
  return 0
}

/**
 * The team sandbox's workspace (a Durable Object on local workerd, reached
 * directly, not through `wrangler dev`'s proxy) against `developer-sandbox
 * serve`, GET /status over real HTTP, sequential and 32 in parallel, in the
 * same run. Keys are spread so that no key sees more than 110 requests in a
 * minute: every answer should be 200, and any other is reported.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { startTeamSandbox, type TeamSandbox } from '../../scripts/team/startTeamSandbox.ts'
import { emit, isCi } from '../lib/emit.ts'
import { stateWithKeys } from './keyedState.ts'
import { type Started, startServe, stop } from './processes.ts'

const ci = isCi()
const ROUNDS = ci ? 1 : 3
const BLOCK_S = ci ? 1 : 5
const WARM_UP_S = ci ? 1 : 2
const PER_KEY = 110
/** Keys issued in the workspace: more than a minute's worth at the rates it reaches (~3,000 req/s at most here). */
const TEAM_KEYS = ci ? 150 : 1800
const SERVE_KEYS = ci ? 2000 : 24_000
const ADMIN_TOKEN = 'bench-admin-token'
const MODES = [
  { name: 'sequential', connections: 1 },
  { name: 'parallel32', connections: 32 },
] as const

type Target = 'serve' | 'workspace'

export interface TeamVsServeResult {
  workspaceRpsSequential: number
  workspaceRpsParallel: number
  workspaceOverServeSequential: number
  workspaceOverServeParallel: number
  requestsPerSecond: Record<string, Record<Target, number>>
  samples: Record<string, Record<Target, number[]>>
  nonOk: Record<Target, number>
  loadAverage: number[]
}

async function issueKeys(origin: string, count: number): Promise<string[]> {
  const keys: string[] = []
  for (let index = 0; index < count; index++) {
    const response = await fetch(`${origin}/_developer-sandbox/keys`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ scopes: ['status.read'], label: `bench ${index}` }),
    })
    if (response.status !== 201) throw new Error(`Failed to issue a bench key: ${response.status} ${await response.text()}`)
    keys.push(((await response.json()) as { key: string }).key)
  }
  return keys
}

const work = mkdtempSync(join(tmpdir(), 'bench-team-'))
let serve: Started | undefined
let team: TeamSandbox | undefined
try {
  const serveKeys = await stateWithKeys(join(work, 'workspace.json'), SERVE_KEYS)
  serve = await startServe(join(work, 'state.db'), join(work, 'workspace.json'))
  team = await startTeamSandbox({ port: 0, persistTo: join(work, 'team'), adminToken: ADMIN_TOKEN })
  const teamKeys = await issueKeys(team.origin, TEAM_KEYS)
  const origins: Record<Target, string> = { serve: `http://127.0.0.1:${serve.port}`, workspace: team.origin }
  const keys: Record<Target, string[]> = { serve: serveKeys, workspace: teamKeys }
  const sent: Record<Target, number> = { serve: 0, workspace: 0 }
  const nonOk: Record<Target, number> = { serve: 0, workspace: 0 }
  const authorization = (target: Target) => `Bearer ${keys[target][Math.floor(sent[target]++ / PER_KEY) % keys[target].length]}`

  async function load(target: Target, connections: number, seconds: number): Promise<number> {
    const result = await autocannon({
      url: origins[target],
      connections,
      pipelining: 1,
      duration: seconds,
      timeout: 30,
      requests: [
        {
          method: 'GET',
          path: '/api/developer/v1/status',
          setupRequest: (request) => ({ ...request, headers: { ...request.headers, authorization: authorization(target) } }),
        },
      ],
    })
    nonOk[target] += result.non2xx + result.errors + result.timeouts
    return result.requests.total / result.duration
  }

  const targets: Target[] = ['serve', 'workspace']
  const samples: Record<string, Record<Target, number[]>> = {}
  for (const mode of MODES) {
    const perTarget: Record<Target, number[]> = { serve: [], workspace: [] }
    samples[mode.name] = perTarget
    for (const target of targets) await load(target, mode.connections, WARM_UP_S)
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? targets : [...targets].reverse()
      for (const target of order) perTarget[target].push(await load(target, mode.connections, BLOCK_S))
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
  const rps = Object.fromEntries(
    Object.entries(samples).map(([mode, perTarget]) => [
      mode,
      { serve: Math.round(median(perTarget.serve)), workspace: Math.round(median(perTarget.workspace)) },
    ]),
  ) as Record<string, Record<Target, number>>
  const ratio = (mode: string) => Math.round(((rps[mode]?.workspace ?? Number.NaN) / (rps[mode]?.serve ?? Number.NaN)) * 1000) / 1000
  const result: TeamVsServeResult = {
    workspaceRpsSequential: rps.sequential?.workspace ?? Number.NaN,
    workspaceRpsParallel: rps.parallel32?.workspace ?? Number.NaN,
    workspaceOverServeSequential: ratio('sequential'),
    workspaceOverServeParallel: ratio('parallel32'),
    requestsPerSecond: rps,
    samples,
    nonOk,
    loadAverage: loadavg().map((value) => Math.round(value * 10) / 10),
  }
  process.stderr.write(
    `  req/s sequential: ${JSON.stringify(rps.sequential)}\n  req/s 32 parallel: ${JSON.stringify(rps.parallel32)}\n  non-200: ${JSON.stringify(nonOk)}\n`,
  )
  emit(result)
} finally {
  await stop(serve)
  await team?.stop()
  rmSync(work, { recursive: true, force: true })
}

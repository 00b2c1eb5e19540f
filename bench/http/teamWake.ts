/**
 * What a workspace's size costs the team sandbox on local workerd: the first
 * answer from an evicted object holding 10, 1,000 or 24,000 keys (each key
 * with a full window of 120 stamps), the memory the workspace of 24,000 keys
 * holds after a request on every key, and whether eight workspaces in
 * parallel answer more than one. Eviction is a restart of workerd on the same
 * storage, so the object loads its state from disk as after idleness.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { startTeamSandbox, type TeamSandbox } from '../../scripts/team/startTeamSandbox.ts'
import { emit, isCi } from '../lib/emit.ts'
import { median, pairedRatio } from '../lib/stats.ts'
import { startBareWorkspaces } from './bareWorkspace.ts'
import { isolateHeapMB } from './isolateHeap.ts'
import { stateWithKeys } from './keyedState.ts'
import { type KeyRotation, keyRotation } from './keyRotation.ts'

const ci = isCi()
const SIZES = ci ? [10, 100, 500] : [10, 1000, 24_000]
const ROUNDS = ci ? 1 : 3
/**
 * Throughput rounds, each a short block of every load in turn. This machine's
 * speed swings by half within seconds (a bare object's req/s from one 2 s
 * block to the next: 1,085, 910, 1,188), so each round's ratio is taken
 * between neighbouring blocks and the figure is the median of eight such
 * ratios, not a ratio of medians drawn minutes apart.
 */
const THROUGHPUT_ROUNDS = ci ? 1 : 8
const LOAD_S = ci ? 1 : 2
const AGGREGATE_WORKSPACES = 8
const CONNECTIONS = 32
/** Keys per workspace in the throughput runs: spread so that none reaches the limit. */
const THROUGHPUT_KEYS = ci ? 60 : 400
const PER_KEY = 110
/** The limit's window (a minute), and a second for the clocks of two processes. */
const KEY_WINDOW_MS = 61_000
const ADMIN_TOKEN = 'bench-admin-token'
const admin = { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' }

export interface TeamWakeResult {
  /** Median first-answer time after a restart, by key count. */
  wakeMs: Record<string, number>
  wakeSamples: Record<string, number[]>
  /** The isolate's JavaScript heap growth (after a full collection) for the largest workspace, woken and then asked once on every key. */
  workspaceHeapMB: number
  heapMB: { idle: number; woken: number; afterBurst: number }
  /** workerd's resident size at the same moments: the heap, SQLite's pages and the allocator's slack of every isolate. */
  rssMB: { idle: number; woken: number; afterBurst: number }
  /** The part of it that is not file pages (SQLite's files mapped in): the processes' own memory. */
  anonymousMB: { idle: number; woken: number; afterBurst: number }
  workspaceRpsParallel: number
  /** The same load on a bare Worker and Durable Object (`bareWorkspace.ts`), alternated with ours: the runtime's floor. */
  bareRpsParallel: number
  /** Ours over the bare object's, one workspace: the median of each round's ratio. */
  workspaceOverBare: number
  aggregateRps8: number
  aggregateRatio8: number
  bareAggregateRatio8: number
  /** Each round's req/s, in the order they ran. */
  rpsSamples: { one: number[]; bareOne: number[]; eight: number[]; bareEight: number[] }
  nonOk: number
}

/** The workerd process Miniflare started last for this script: the newest child of ours named workerd (a stopped one may linger a moment). */
function workerdRssMB(field: 'VmRSS' | 'RssAnon' = 'VmRSS'): number {
  let newest: { startedAt: number; rssKb: number } | undefined
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (parent !== process.pid || !stat.includes('(workerd)')) continue
      const rssKb = Number(readFileSync(`/proc/${entry}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1])
      const started = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19])
      if (!newest || started > newest.startedAt) newest = { startedAt: started, rssKb }
    } catch {
      // Gone meanwhile: not ours any more.
    }
  }
  return newest ? Math.round(newest.rssKb / 102.4) / 10 : Number.NaN
}

const work = mkdtempSync(join(tmpdir(), 'bench-team-wake-'))
const persistTo = join(work, 'team')
let team: TeamSandbox | undefined
let nonOk = 0

/** How long the objects stay idle before workerd stops: an object is evicted only once idle, its save alarm (500 ms) run. */
const IDLE_BEFORE_EVICTION_MS = 1000

async function restart(): Promise<TeamSandbox> {
  if (team) await new Promise((resolve) => setTimeout(resolve, IDLE_BEFORE_EVICTION_MS))
  await team?.stop()
  team = await startTeamSandbox({ port: 0, persistTo, adminToken: ADMIN_TOKEN, inspector: true })
  // The Worker's isolate and the registry wake here, so the timed request pays only for its own object.
  await (await fetch(`${team.origin}/_developer-sandbox/workspaces`, { headers: admin })).text()
  return team
}

async function workspaceWithKeys(origin: string, name: string, count: number): Promise<string[]> {
  const created = await fetch(`${origin}/_developer-sandbox/workspaces/${name}`, { method: 'PUT', headers: admin })
  if (created.status !== 201) throw new Error(`Failed to create ${name}: ${created.status} ${await created.text()}`)
  const file = join(work, `${name}.json`)
  const keys = await stateWithKeys(file, count, { fullWindows: false })
  const imported = await fetch(`${origin}/workspaces/${name}/_developer-sandbox/state`, {
    method: 'PUT',
    headers: admin,
    body: readFileSync(file),
  })
  if (imported.status !== 200) throw new Error(`Failed to import ${count} keys into ${name}: ${imported.status} ${await imported.text()}`)
  // In use, as a workspace is before it goes idle: a request after the import writes again, so local workerd's SQLite
  // starts its write-ahead log over rather than replaying the whole import at the next start (~60 ms at 24,000 keys).
  const settled = await fetch(`${origin}/workspaces/${name}/api/developer/v1/status`, {
    headers: { Authorization: `Bearer ${keys.at(-1)}` },
  })
  await settled.text()
  return keys
}

/** One rotation per workspace for the whole run, so that no key is asked more often than its limit allows. */
const rotations: Record<string, KeyRotation> = {}

async function load(origin: string, names: readonly string[], keys: Record<string, string[]>, seconds: number): Promise<number> {
  for (const name of names) rotations[name] ??= keyRotation(keys[name] ?? [], PER_KEY, KEY_WINDOW_MS)
  let turn = 0
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const name = names[turn++ % names.length] as string
          return {
            ...request,
            path: `/workspaces/${name}/api/developer/v1/status`,
            headers: { ...request.headers, authorization: `Bearer ${rotations[name]?.next()}` },
          }
        },
      },
    ],
  })
  nonOk += result.non2xx + result.errors + result.timeouts
  return result.requests.total / result.duration
}

try {
  let current = await restart()
  const keysBySize: Record<string, string[]> = {}
  for (const size of SIZES) keysBySize[size] = await workspaceWithKeys(current.origin, `wake-${size}`, size)
  const wakeSamples: Record<string, number[]> = Object.fromEntries(SIZES.map((size) => [String(size), []]))
  for (let round = 0; round < ROUNDS; round++) {
    for (const size of SIZES) {
      current = await restart()
      const key = keysBySize[size]?.[round] ?? ''
      const started = performance.now()
      const response = await fetch(`${current.origin}/workspaces/wake-${size}/api/developer/v1/status`, {
        headers: { Authorization: `Bearer ${key}` },
      })
      await response.text()
      wakeSamples[size]?.push(Math.round((performance.now() - started) * 10) / 10)
      if (response.status !== 200) nonOk++
    }
  }
  const wakeMs = Object.fromEntries(Object.entries(wakeSamples).map(([size, samples]) => [size, median(samples)]))

  // Memory: idle workerd, then the largest workspace woken, then a request on every one of its keys.
  const largest = SIZES.at(-1) ?? 0
  current = await restart()
  const inspectorUrl = current.inspectorUrl
  if (!inspectorUrl) throw new Error('Failed to read the heap: the team sandbox started without its inspector.')
  const idle = workerdRssMB()
  const idleAnonymous = workerdRssMB('RssAnon')
  const idleHeap = await isolateHeapMB(inspectorUrl)
  await (
    await fetch(`${current.origin}/workspaces/wake-${largest}/api/developer/v1/status`, {
      headers: { Authorization: `Bearer ${keysBySize[largest]?.[0]}` },
    })
  ).text()
  const woken = workerdRssMB()
  const wokenAnonymous = workerdRssMB('RssAnon')
  const wokenHeap = await isolateHeapMB(inspectorUrl)
  const all = keysBySize[largest] ?? []
  let next = 0
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < all.length) {
        const response = await fetch(`${current.origin}/workspaces/wake-${largest}/api/developer/v1/status`, {
          headers: { Authorization: `Bearer ${all[next++]}` },
        })
        await response.text()
        if (response.status !== 200) nonOk++
      }
    }),
  )
  // The counts are saved behind by the alarm within half a second: let it run before reading memory.
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const afterBurst = workerdRssMB()
  const afterBurstAnonymous = workerdRssMB('RssAnon')
  const afterBurstHeap = await isolateHeapMB(inspectorUrl)

  // Throughput: one workspace against eight, the same connections, in the same run.
  const names = Array.from({ length: AGGREGATE_WORKSPACES }, (_, index) => `rps-${index}`)
  const throughputKeys: Record<string, string[]> = {}
  for (const name of names) throughputKeys[name] = await workspaceWithKeys(current.origin, name, THROUGHPUT_KEYS)
  const bare = await startBareWorkspaces()
  // The bare objects take the same paths under names of their own, so their requests count against no key of ours.
  const bareNames = names.map((name) => `bare-${name}`)
  for (const [index, name] of bareNames.entries()) throughputKeys[name] = throughputKeys[names[index] as string] ?? []
  await load(current.origin, names, throughputKeys, 1)
  await load(bare.origin, bareNames, throughputKeys, 1)
  const one: number[] = []
  const eight: number[] = []
  const bareOne: number[] = []
  const bareEight: number[] = []
  try {
    for (let round = 0; round < THROUGHPUT_ROUNDS; round++) {
      // Each round loads a different one of the eight alone: one workspace's keys could not carry every round within a minute.
      const alone = round % AGGREGATE_WORKSPACES
      one.push(await load(current.origin, names.slice(alone, alone + 1), throughputKeys, LOAD_S))
      bareOne.push(await load(bare.origin, bareNames.slice(alone, alone + 1), throughputKeys, LOAD_S))
      eight.push(await load(current.origin, names, throughputKeys, LOAD_S))
      bareEight.push(await load(bare.origin, bareNames, throughputKeys, LOAD_S))
    }
  } finally {
    await bare.stop()
  }
  const single = median(one)
  const aggregate = median(eight)
  /** Milliseconds a request, each block's: `pairedRatio` takes the floor's time over ours, which is our req/s over the floor's. */
  const perRequestMs = (rps: readonly number[]) => rps.map((value) => 1000 / value)
  const result: TeamWakeResult = {
    wakeMs,
    wakeSamples,
    workspaceHeapMB: Math.round((afterBurstHeap - idleHeap) * 10) / 10,
    heapMB: { idle: idleHeap, woken: wokenHeap, afterBurst: afterBurstHeap },
    rssMB: { idle, woken, afterBurst },
    anonymousMB: { idle: idleAnonymous, woken: wokenAnonymous, afterBurst: afterBurstAnonymous },
    workspaceRpsParallel: Math.round(single),
    bareRpsParallel: Math.round(median(bareOne)),
    workspaceOverBare: Math.round(pairedRatio(perRequestMs(bareOne), perRequestMs(one)) * 1000) / 1000,
    aggregateRps8: Math.round(aggregate),
    aggregateRatio8: Math.round(pairedRatio(perRequestMs(one), perRequestMs(eight)) * 1000) / 1000,
    bareAggregateRatio8: Math.round(pairedRatio(perRequestMs(bareOne), perRequestMs(bareEight)) * 1000) / 1000,
    rpsSamples: {
      one: one.map(Math.round),
      bareOne: bareOne.map(Math.round),
      eight: eight.map(Math.round),
      bareEight: bareEight.map(Math.round),
    },
    nonOk,
  }
  process.stderr.write(
    `  wake ms ${JSON.stringify(wakeSamples)}; isolate heap ${JSON.stringify(result.heapMB)} MB, workerd RSS ${JSON.stringify(result.rssMB)} MB (anonymous ${JSON.stringify(result.anonymousMB)}); req/s one workspace ${result.workspaceRpsParallel} (bare object ${result.bareRpsParallel}), eight ${result.aggregateRps8} (ratio ${result.aggregateRatio8}, bare ${result.bareAggregateRatio8}); non-200 ${nonOk} (requests sent on a key still inside its limit's window: ${names.reduce((sum, name) => sum + (rotations[name]?.overdrawn ?? 0), 0)})\n`,
  )
  emit(result)
} finally {
  await team?.stop()
  rmSync(work, { recursive: true, force: true })
}

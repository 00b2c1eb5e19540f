/**
 * How long a test suite waits for `serve` before its first request: from
 * spawning `developer-sandbox serve --port 0` on an empty state to the first
 * 200 on `GET /status` with the key its banner prints, against the same for
 * a bare node:http script (`bareFirstAnswer.mjs`) spawned the same way.
 * Starts alternate (which goes first swaps each round) and each side's figure
 * is its median. serve runs as the installed package runs it: the compiled
 * `dist-lib/server/bin.js`, not the clone's launcher, which may first check
 * whether dist-lib is older than the sources.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { emit, isCi } from '../lib/emit.ts'
import { median } from '../lib/stats.ts'

const ROUNDS = isCi() ? 3 : 9
const SERVE = fileURLToPath(new URL('../../dist-lib/server/bin.js', import.meta.url))
const BARE = fileURLToPath(new URL('./bareFirstAnswer.mjs', import.meta.url))

export interface ServeFirstAnswerResult {
  serveFirstAnswerMs: number
  serveFirstAnswerFloorMs: number
  serveSamples: number[]
  floorSamples: number[]
  nonOk: number
}

/** One GET over node:http (fetch would load undici into this process on the first, timed start). */
function get(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers, agent: false }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
    })
    sent.on('error', reject)
    sent.end()
  })
}

/** Resolves with the first stdout text matching every pattern, or rejects when the process exits first. */
function waitFor(child: ChildProcess, patterns: readonly RegExp[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let printed = ''
    const onData = (chunk: Buffer) => {
      printed += chunk.toString()
      const found = patterns.map((pattern) => printed.match(pattern)?.[0])
      if (found.every((match) => match !== undefined)) {
        child.stdout?.off('data', onData)
        child.stdout?.resume()
        resolve(found as string[])
      }
    }
    child.stdout?.on('data', onData)
    child.once('exit', (code) => reject(new Error(`Failed to start: exited with ${code} before printing\n${printed}`)))
  })
}

let nonOk = 0

async function firstAnswer(args: readonly string[], cwd: string, serve: boolean): Promise<number> {
  const started = performance.now()
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] })
  try {
    const [origin, key] = await waitFor(child, serve ? [/http:\/\/127\.0\.0\.1:\d+/, /svc_test_[\w-]+/] : [/http:\/\/127\.0\.0\.1:\d+/])
    const status = await get(`${origin}/api/developer/v1/status`, key ? { Authorization: `Bearer ${key}` } : {})
    const elapsed = performance.now() - started
    if (status !== 200) nonOk++
    return Math.round(elapsed * 10) / 10
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
}

const work = mkdtempSync(join(tmpdir(), 'bench-serve-first-answer-'))
try {
  const serveSamples: number[] = []
  const floorSamples: number[] = []
  const serve = (round: number) => firstAnswer([SERVE, 'serve', '--port', '0', '--state', join(work, `state-${round}.db`)], work, true)
  const bare = () => firstAnswer([BARE], work, false)
  // One of each untimed: the file cache holds both programs before the first timed start.
  await serve(-1)
  await bare()
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      serveSamples.push(await serve(round))
      floorSamples.push(await bare())
    } else {
      floorSamples.push(await bare())
      serveSamples.push(await serve(round))
    }
  }
  const result: ServeFirstAnswerResult = {
    serveFirstAnswerMs: median(serveSamples),
    serveFirstAnswerFloorMs: median(floorSamples),
    serveSamples,
    floorSamples,
    nonOk,
  }
  process.stderr.write(`  first 200 on /status ms: serve ${JSON.stringify(serveSamples)}, bare node:http ${JSON.stringify(floorSamples)}\n`)
  emit(result)
} finally {
  rmSync(work, { recursive: true, force: true })
}

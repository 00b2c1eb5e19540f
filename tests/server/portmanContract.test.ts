/**
 * Contract tests generated from the document, as a user generates them:
 * Portman turns the `/openapi.json` of a default `serve` into a Postman
 * collection with its contract tests (status, media type, JSON body, schema,
 * documented headers) for every operation, plus the variations in
 * `support/portman-config.json` for the refusals a request built from the
 * document can earn (400, 401, 403, 422), and runs it with Newman against that
 * same server. Not one assertion may fail. Why Portman: docs/decisions/039.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BASE_PATH, OPERATIONS } from '../../src/api/core.ts'
import { REPOSITORY } from './support/paths.ts'
import { type RunningServer, runCommand, scratchFolder, startServer } from './support/sandboxServer.ts'

const PORTMAN = join(REPOSITORY, 'node_modules/@apideck/portman/bin/portman')
const CONFIG = join(REPOSITORY, 'tests/server/support/portman-config.json')

interface NewmanReport {
  run: {
    stats: { requests: { total: number; failed: number }; assertions: { total: number; failed: number } }
    failures: { error: { message: string; test?: string }; source?: { name?: string } }[]
    executions: {
      request: { method: string; url: { path: string[] } }
      response: { code: number }
      assertions?: { assertion: string; error?: unknown }[]
    }[]
  }
}

let server: RunningServer
let folder: string
let work: string

beforeAll(async () => {
  folder = scratchFolder()
  server = await startServer(folder)
  work = mkdtempSync(join(tmpdir(), 'sandbox-portman-'))
}, 60_000)

afterAll(async () => {
  await server?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
})

/** Converts the document, injects the tests and runs them with Newman; Newman's JSON report. */
function runPortman(documentText: string, variables: Record<string, string>): NewmanReport {
  const document = join(work, 'openapi.json')
  writeFileSync(document, documentText)
  // Portman reads collection variables from PORTMAN_<NAME> entries of an env file.
  const envFile = join(work, 'portman.env')
  writeFileSync(
    envFile,
    Object.entries(variables)
      .map(([name, value]) => `PORTMAN_${name}=${value}\n`)
      .join(''),
  )
  const report = join(work, 'newman.json')
  const newman = { abortOnFailure: false, reporters: ['json'], reporter: { json: { export: report } } }
  const result = spawnSync(
    process.execPath,
    [
      PORTMAN,
      ...['--local', document, '--baseUrl', `${server.origin}${BASE_PATH}`, '--portmanConfigFile', CONFIG, '--envFile', envFile],
      ...['--output', join(work, 'collection.json'), '--runNewman', 'true', '--newmanRunOptions', JSON.stringify(newman)],
    ],
    // Portman writes its working files under ./tmp of where it runs.
    { cwd: work, encoding: 'utf8', timeout: 120_000 },
  )
  try {
    return JSON.parse(readFileSync(report, 'utf8'))
  } catch {
    throw new Error(`Failed to read Newman's report: Portman exited ${result.status}\n${result.stdout}\n${result.stderr}`)
  }
}

describe('contract tests Portman generates from the served document', () => {
  it('pass against a default serve: every operation, its success and each refusal a documented request can earn', async () => {
    const statusOnly = runCommand(folder, ['keys', 'issue', '--scopes', 'status.read', '--quiet']).stdout.trim()
    const documentText = await (await fetch(`${server.origin}/openapi.json`)).text()
    const { run } = runPortman(documentText, {
      BEARER_TOKEN: server.key ?? '',
      STATUS_ONLY_TOKEN: statusOnly,
      UNKNOWN_TOKEN: `svc_test_${'A'.repeat(43)}`,
    })
    expect(run.failures.map((failure) => `${failure.source?.name}: ${failure.error.test} ${failure.error.message}`)).toEqual([])
    expect(run.stats.assertions.failed).toBe(0)

    // What ran: each operation once for its success, then once per refusal it can be brought to.
    const ran = run.executions.map(({ request, response }) => `${request.method} /${request.url.path.slice(3).join('/')} ${response.code}`)
    const expected = OPERATIONS.flatMap((operation) => {
      const statuses = [200, 400, 401, ...(operation.operationId === 'getProjectStatus' ? [] : [403])]
      if (operation.body === 'toolRequest') statuses.push(422)
      return statuses.map((status) => `${operation.method} ${operation.path} ${status}`)
    })
    expect(ran.sort()).toEqual(expected.sort())
    // Every answer was checked against its documented schema and headers, not only its status.
    for (const execution of run.executions) {
      const names = (execution.assertions ?? []).map(({ assertion }) => assertion.replace(/^\[\w+\]::\S+ - /, ''))
      expect(names).toEqual(expect.arrayContaining(['Schema is valid', 'Response header X-Request-ID is present']))
    }
    expect(run.stats.assertions.total).toBeGreaterThan(run.executions.length * 7)
  }, 180_000)
})

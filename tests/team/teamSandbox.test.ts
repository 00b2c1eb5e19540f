/**
 * The team sandbox end to end: `npm run team:dev` on local workerd, keys over
 * the CLI's --url/--token, every operation over HTTP, the exact limit under
 * parallel load, a SIGKILL of the runtime, and workspaces that share nothing.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { OPERATIONS, SCOPES } from '../../src/api/core.ts'
import { validRequest } from '../api/support/contract.ts'
import { BIN, REPOSITORY } from '../server/support/paths.ts'
import { markdownSection } from '../support/markdown.ts'
import { cli, startTeamDev, type TeamDev } from './support/teamDev.ts'

const TOKEN = 'team-admin-token-for-tests'
const persistTo = mkdtempSync(join(tmpdir(), 'team-sandbox-'))
let team: TeamDev

// Bundling the Worker and starting workerd takes a few seconds, more on a busy machine.
beforeAll(async () => {
  team = await startTeamDev(persistTo, TOKEN)
}, 90_000)
afterAll(async () => {
  await team?.kill()
}, 30_000)

const keys = (url: string, args: string[], token = TOKEN) => cli(['keys', ...args, '--url', url, '--token', token])

/** Issues a key over the CLI; keys of one app share a project, and so its usage. */
function issue(url: string, scopes: readonly string[] = SCOPES, app = 'playground'): { id: string; key: string } {
  const result = keys(url, ['issue', '--scopes', scopes.join(','), '--app', app, '--json'])
  expect(result.stderr).toBe('')
  return JSON.parse(result.stdout)
}

const call = (base: string, path: string, key: string, init: RequestInit = {}) =>
  fetch(`${base}/api/developer/v1${path}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${key}` },
  })

async function statusRequests(base: string, key: string): Promise<number> {
  const usage = (await (await call(base, '/usage', key)).json()) as { operations: Record<string, { requests: number }> }
  return usage.operations.getProjectStatus?.requests ?? 0
}

describe('the team sandbox on local workerd', () => {
  it('refuses a wrong or missing admin token with 401 and one line, and changes nothing', async () => {
    for (const token of ['wrong-token', `${TOKEN}x`]) {
      const result = keys(team.origin, ['issue', '--scopes', 'status.read'], token)
      expect(result.status).toBe(1)
      expect(result.stderr).toBe(`Failed to manage keys at ${team.origin}: the admin token is missing or wrong.\n`)
    }
    const missing = await fetch(`${team.origin}/_developer-sandbox/keys`, { method: 'POST', body: '{"scopes":["status.read"]}' })
    expect(missing.status).toBe(401)
    expect(((await missing.json()) as { code: string }).code).toBe('admin_token_invalid')
    const listed = keys(team.origin, ['list', '--json'])
    expect(listed.status).toBe(0)
    expect(JSON.parse(listed.stdout)).toEqual([])
  })

  it('reads the URL and the token from the environment', () => {
    const result = cli(['keys', 'list', '--json'], { DEVELOPER_SANDBOX_URL: team.origin, DEVELOPER_SANDBOX_ADMIN_TOKEN: TOKEN })
    expect(result).toMatchObject({ status: 0, stderr: '' })
    expect(Array.isArray(JSON.parse(result.stdout))).toBe(true)
  })

  it('serves the OpenAPI document with its own origin as the server', async () => {
    const document = (await (await fetch(`${team.origin}/openapi.json`)).json()) as { servers: { url: string }[] }
    expect(document.servers).toEqual([expect.objectContaining({ url: `${team.origin}/api/developer/v1` })])
  })

  it('answers all nine operations, holds the limit at exactly 120 under 130 parallel requests, and keeps everything across a SIGKILL', async () => {
    const full = issue(team.origin, SCOPES, 'every-operation')
    expect(OPERATIONS).toHaveLength(9)
    for (const operation of OPERATIONS) {
      const response = await call(team.origin, operation.path, full.key, validRequest(operation))
      expect({ operation: operation.operationId, status: response.status }).toEqual({ operation: operation.operationId, status: 200 })
    }

    const burst = issue(team.origin, ['status.read'])
    const answers = await Promise.all(Array.from({ length: 130 }, () => call(team.origin, '/status', burst.key)))
    const accepted = answers.filter((response) => response.status === 200)
    const refused = answers.filter((response) => response.status === 429)
    expect({ accepted: accepted.length, refused: refused.length }).toEqual({ accepted: 120, refused: 10 })
    for (const response of refused) expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0)

    const revoked = issue(team.origin, ['status.read'])
    const revoke = keys(team.origin, ['revoke', revoked.id])
    expect(revoke).toMatchObject({ status: 0, stderr: '' })
    expect(revoke.stdout).toContain(`Revoked ${revoked.id}  revoked`)

    // A workspace whose clock and faults a test moved: they are the object's to keep, as its keys are.
    // The restart listens on another port: the URL is read at each call.
    const control = (path: string, init: RequestInit = {}) =>
      fetch(`${team.origin}/workspaces/moved-clock/_developer-sandbox${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      })
    expect(
      (
        await fetch(`${team.origin}/_developer-sandbox/workspaces/moved-clock`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${TOKEN}` },
        })
      ).status,
    ).toBe(201)
    expect((await control('/clock', { method: 'PUT', body: JSON.stringify({ advanceMs: 31 * 86_400_000 }) })).status).toBe(200)
    expect(
      (await control('/faults', { method: 'PUT', body: JSON.stringify({ latencyMs: 5, operations: ['listTools'], count: 2 }) })).status,
    ).toBe(200)
    const readControls = async () =>
      [await (await control('/clock')).json(), await (await control('/faults')).json()] as [{ offsetMs: number }, unknown]
    const controlsBefore = await readControls()

    const before = await statusRequests(team.origin, full.key)
    const listedBefore = JSON.parse(keys(team.origin, ['list', '--json']).stdout)
    // Counts are written behind within a second; then the runtime dies without warning.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await team.kill()
    team = await startTeamDev(persistTo, TOKEN)

    expect(JSON.parse(keys(team.origin, ['list', '--json']).stdout)).toEqual(listedBefore)
    const controlsAfter = await readControls()
    expect(controlsAfter[0].offsetMs).toBe(31 * 86_400_000)
    expect(controlsAfter[1]).toEqual(controlsBefore[1])
    expect(controlsBefore[1]).toMatchObject({ latencyMs: 5, operations: ['listTools'], count: 2 })
    expect((await call(team.origin, '/status', full.key)).status).toBe(200)
    const gone = await call(team.origin, '/status', revoked.key)
    expect({ status: gone.status, code: ((await gone.json()) as { code: string }).code }).toEqual({ status: 401, code: 'key_revoked' })
    // The usage call before the kill counted itself; the status call just made adds one.
    expect(await statusRequests(team.origin, full.key)).toBe(before + 1)
    const limited = await call(team.origin, '/status', burst.key)
    expect(limited.status).toBe(429)
  })

  it('keeps two workspaces of one deployment apart: keys, usage and limits', async () => {
    const create = (name: string, token = TOKEN) =>
      fetch(`${team.origin}/_developer-sandbox/workspaces/${name}`, { method: 'PUT', headers: { Authorization: `Bearer ${token}` } })
    expect((await create('team-a', 'wrong')).status).toBe(401)
    expect((await fetch(`${team.origin}/workspaces/team-a/api/developer/v1/status`)).status).toBe(404)
    expect((await create('team-a')).status).toBe(201)
    expect((await create('team-a')).status).toBe(200)
    expect((await create('team-b')).status).toBe(201)
    expect((await create('Not_A_Name')).status).toBe(400)

    const a = `${team.origin}/workspaces/team-a`
    const b = `${team.origin}/workspaces/team-b`
    const keyA = issue(a)
    const keyB = issue(b)
    expect(JSON.parse(keys(a, ['list', '--json']).stdout).map((key: { id: string }) => key.id)).toEqual([keyA.id])
    expect(JSON.parse(keys(b, ['list', '--json']).stdout).map((key: { id: string }) => key.id)).toEqual([keyB.id])
    expect(JSON.parse(keys(team.origin, ['list', '--json']).stdout).map((key: { id: string }) => key.id)).not.toContain(keyA.id)

    for (const [base, key] of [
      [b, keyA.key],
      [a, keyB.key],
      [team.origin, keyA.key],
    ] as const) {
      const response = await call(base, '/status', key)
      expect({ status: response.status, code: ((await response.json()) as { code: string }).code }).toEqual({
        status: 401,
        code: 'key_invalid',
      })
    }
    for (let index = 0; index < 3; index++) expect((await call(a, '/status', keyA.key)).status).toBe(200)
    expect(await statusRequests(a, keyA.key)).toBe(3)
    expect(await statusRequests(b, keyB.key)).toBe(0)
    const document = (await (await fetch(`${a}/openapi.json`)).json()) as { servers: { url: string }[] }
    expect(document.servers[0]?.url).toBe(`${a}/api/developer/v1`)
  })
})

describe('workspaces over the CLI against team:dev', () => {
  const workspaces = (args: string[], token = TOKEN) => cli(['workspaces', ...args, '--url', team.origin, '--token', token])

  it('creates with an expiry, lists, and deletes, after which the workspace and its key are refused', async () => {
    const created = workspaces(['create', 'cli-made', '--expires-in-days', '3', '--json'])
    expect(created).toMatchObject({ status: 0, stderr: '' })
    const made = JSON.parse(created.stdout) as { workspace: string; created: boolean; expiresAt: string }
    expect(made).toMatchObject({ workspace: 'cli-made', created: true, keys: 0, lastUsedAt: null })
    expect(Date.parse(made.expiresAt) - Date.now()).toBeGreaterThan(2.9 * 86_400_000)
    expect(workspaces(['create', 'cli-made', '--quiet']).stdout).toBe(`${team.origin}/workspaces/cli-made\n`)

    const key = issue(`${team.origin}/workspaces/cli-made`, ['status.read'])
    expect((await call(`${team.origin}/workspaces/cli-made`, '/status', key.key)).status).toBe(200)
    // The object tells the registry from its save alarm, within a second of the request.
    let listed = workspaces(['list'])
    for (let attempt = 0; attempt < 50 && !/^cli-made .* 1 key$/m.test(listed.stdout); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      listed = workspaces(['list'])
    }
    expect(listed.status).toBe(0)
    expect(listed.stdout).toMatch(/^cli-made {2}created \S+Z {2}last used \S+Z {2}expires \S+Z {2}1 key$/m)
    expect(workspaces(['list', '--quiet']).stdout.split('\n')).toContain('cli-made')

    expect(workspaces(['delete', 'cli-made'])).toMatchObject({ status: 0, stdout: 'Deleted cli-made\n', stderr: '' })
    const refused = await call(`${team.origin}/workspaces/cli-made`, '/status', key.key)
    expect({ status: refused.status, code: ((await refused.json()) as { code: string }).code }).toEqual({
      status: 404,
      code: 'workspace_not_found',
    })
    expect(workspaces(['list', '--quiet']).stdout.split('\n')).not.toContain('cli-made')
  })

  it('refuses with one line: an unknown workspace, a wrong token, a bad name or expiry', () => {
    expect(workspaces(['delete', 'never-made'])).toEqual({
      status: 1,
      stdout: '',
      stderr: `Failed to manage workspaces at ${team.origin}: the admin has not created it, or it was deleted.\n`,
    })
    expect(workspaces(['list'], 'wrong')).toMatchObject({
      status: 1,
      stderr: `Failed to manage workspaces at ${team.origin}: the admin token is missing or wrong.\n`,
    })
    expect(workspaces(['create', 'Bad_Name'])).toMatchObject({ status: 2, stdout: '' })
    expect(workspaces(['create', 'fine', '--expires-in-days', '0'])).toMatchObject({ status: 2, stdout: '' })
    expect(workspaces(['list', '--quiet']).stdout.split('\n')).not.toContain('fine')
  })
})

describe('the per-pull-request workflow file, its commands run against team:dev', () => {
  const path = 'examples/team-sandbox/workflows/pr-workspace.yml'
  interface Step {
    name?: string
    run?: string
  }
  const workflow = parseYaml(readFileSync(join(REPOSITORY, path), 'utf8')) as {
    on: { pull_request: { types: string[] } }
    env: Record<string, string>
    jobs: Record<string, { if: string; steps: Step[] }>
  }
  const step = (job: string, name: string) => workflow.jobs[job]?.steps.find((item) => item.name === name)?.run ?? ''

  /** Runs a step's script in bash as a runner would: the workflow's env with the secrets and the pull request number filled in. */
  function runStep(script: string, number: number, githubEnv: string) {
    const bin = mkdtempSync(join(tmpdir(), 'team-workflow-bin-'))
    writeFileSync(
      join(bin, 'npx'),
      `#!/bin/sh\n[ "$1" = --yes ] && shift\n[ "$1" = developer-sandbox ] || exit 127\nshift\nexec "${process.execPath}" "${BIN}" "$@"\n`,
      { mode: 0o755 },
    )
    const expressions: Record<string, string> = {
      'secrets.DEVELOPER_SANDBOX_URL': team.origin,
      'secrets.DEVELOPER_SANDBOX_ADMIN_TOKEN': TOKEN,
      'github.event.pull_request.number': String(number),
    }
    const env = Object.fromEntries(
      Object.entries(workflow.env).map(([name, value]) => [
        name,
        value.replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_match, expression: string) => {
          const known = expressions[expression]
          if (known === undefined)
            throw new Error(`Failed to run the workflow: it reads \${{ ${expression} }}, which the test does not know.`)
          return known
        }),
      ]),
    )
    const outer = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('DEVELOPER_SANDBOX_')))
    return spawnSync('bash', ['-eo', 'pipefail', '-c', script], {
      env: { ...outer, ...env, GITHUB_ENV: githubEnv, GITHUB_RUN_ID: '4242', PATH: `${bin}:${process.env.PATH}` },
      encoding: 'utf8',
      timeout: 60_000,
    })
  }

  it('runs on pull requests, creating on open and push and deleting on close', () => {
    expect(workflow.on.pull_request.types).toEqual(['opened', 'reopened', 'synchronize', 'closed'])
    expect(workflow.jobs.test?.if).toBe("github.event.action != 'closed'")
    expect(workflow.jobs.delete?.if).toBe("github.event.action == 'closed'")
  })

  it('creates the workspace with an expiry, hands its URL and a masked key to the tests, and deletes it on close', async () => {
    const githubEnv = join(mkdtempSync(join(tmpdir(), 'team-workflow-env-')), 'env')
    writeFileSync(githubEnv, '')
    const created = runStep(step('test', 'Create the workspace and issue a key in it'), 77, githubEnv)
    expect(created.stderr).toBe('')
    expect(created.status).toBe(0)
    const exported = Object.fromEntries(
      readFileSync(githubEnv, 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
    )
    expect(exported.SANDBOX_URL).toBe(`${team.origin}/workspaces/pr-77`)
    expect(exported.SANDBOX_API_KEY).toMatch(/^svc_test_/)
    expect(created.stdout).toBe(`::add-mask::${exported.SANDBOX_API_KEY}\n`)
    expect((await call(exported.SANDBOX_URL ?? '', '/status', exported.SANDBOX_API_KEY ?? '')).status).toBe(200)
    const listed = JSON.parse(cli(['workspaces', 'list', '--json', '--url', team.origin, '--token', TOKEN]).stdout) as {
      workspace: string
      expiresAt: string | null
    }[]
    const entry = listed.find((item) => item.workspace === 'pr-77')
    expect(Date.parse(entry?.expiresAt ?? '') - Date.now()).toBeGreaterThan(13.9 * 86_400_000)

    // A second push issues a second key in the same workspace.
    expect(runStep(step('test', 'Create the workspace and issue a key in it'), 77, githubEnv).status).toBe(0)

    const deleted = runStep(step('delete', 'Delete the workspace'), 77, githubEnv)
    expect(deleted).toMatchObject({ status: 0, stdout: 'Deleted pr-77\n', stderr: '' })
    const refused = await call(exported.SANDBOX_URL ?? '', '/status', exported.SANDBOX_API_KEY ?? '')
    expect(refused.status).toBe(404)
  })
})

describe('docs/team.md, run as written against team:dev', () => {
  const section = markdownSection('docs/team.md', '# A sandbox for your team')
  const shell = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] ?? '')
  const keysBlock = shell.find((block) => block.startsWith('export DEVELOPER_SANDBOX_URL=')) ?? ''
  const workspacesBlock = shell.find((block) => block.includes('/workspaces/pr-42')) ?? ''
  const lifecycleBlock = shell.find((block) => block.includes('workspaces create pr-43')) ?? ''

  /** Runs the page's lines in bash, `npx developer-sandbox` being this build's CLI; the one change is the server's port and token. */
  function run(script: string): { status: number | null; stdout: string; stderr: string } {
    const bin = mkdtempSync(join(tmpdir(), 'team-readme-bin-'))
    writeFileSync(
      join(bin, 'npx'),
      `#!/bin/sh\n[ "$1" = developer-sandbox ] || exit 127\nshift\nexec "${process.execPath}" "${BIN}" "$@"\n`,
      { mode: 0o755 },
    )
    const here = keysBlock.split('\n')[0]?.replace('http://127.0.0.1:8787', team.origin).replace('choose-a-long-token', TOKEN)
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('DEVELOPER_SANDBOX_')))
    const result = spawnSync('bash', ['-euo', 'pipefail', '-c', `${here}\n${script}`], {
      env: { ...env, PATH: `${bin}:${process.env.PATH}` },
      encoding: 'utf8',
      timeout: 60_000,
    })
    return { status: result.status, stdout: result.stdout, stderr: result.stderr }
  }

  it('starts the local sandbox with the token and URL the key commands use', () => {
    expect(shell[0]?.trim()).toBe(
      'DEVELOPER_SANDBOX_ADMIN_TOKEN=choose-a-long-token npm run team:dev -- --port 8787 --persist-to .developer-sandbox/team',
    )
    expect(keysBlock.split('\n')[0]).toBe(
      'export DEVELOPER_SANDBOX_URL=http://127.0.0.1:8787 DEVELOPER_SANDBOX_ADMIN_TOKEN=choose-a-long-token',
    )
  })

  it('issues, lists and revokes keys with the CLI lines', () => {
    const before: { id: string }[] = JSON.parse(keys(team.origin, ['list', '--json']).stdout)
    const result = run(keysBlock.split('\n').slice(1).join('\n'))
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    expect(result.stdout).toMatch(
      /^Issued key_\S+ {2}active {3}…\S{4} {2}playground\/sandbox {2}status\.read,usage\.read {2}"ci"\nKey \(shown once\): svc_test_/,
    )
    const after: { id: string; status: string; label: string | null }[] = JSON.parse(keys(team.origin, ['list', '--json']).stdout)
    expect(after).toHaveLength(before.length + 1)
    // The revoke line takes the newest id: the key the first line issued.
    expect(after.filter((key) => key.label === 'ci').map((key) => key.status)).toEqual(['revoked'])
    expect(result.stdout).toMatch(/\nRevoked key_\S+ {2}revoked/)
  })

  it('creates a workspace, issues a key there with --quiet and calls the API with it', () => {
    const result = run(workspacesBlock)
    // curl draws its progress meter on stderr when its output is not a terminal: only the exit status and the answers count.
    expect(result.status).toBe(0)
    const [created, status] = result.stdout.split(/(?<=})(?=\{)/)
    expect(JSON.parse(created ?? '')).toMatchObject({ workspace: 'pr-42', created: true })
    expect(JSON.parse(status ?? '')).toMatchObject({ apiVersion: '2026-08-12', environment: 'sandbox' })
  })

  it('creates a workspace with an expiry, lists it and deletes it with the CLI lines', () => {
    const result = run(lifecycleBlock)
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    const lines = result.stdout.trim().split('\n')
    expect(lines[0]).toMatch(/^Created pr-43 {2}created \S+ {2}last used never {2}expires \S+Z {2}0 keys$/)
    expect(lines[1]).toBe(`URL: ${team.origin}/workspaces/pr-43`)
    expect(lines.some((line) => line.startsWith('pr-43  created '))).toBe(true)
    expect(lines.at(-1)).toBe('Deleted pr-43')
    expect(cli(['workspaces', 'list', '--quiet', '--url', team.origin, '--token', TOKEN]).stdout.split('\n')).not.toContain('pr-43')
  })
})

describe('team:dev under the probe', () => {
  it('stops on SIGTERM or SIGINT to its whole group with its Stopped line and every acknowledged count, its files private', async () => {
    const { key } = issue(team.origin, ['status.read', 'usage.read'], 'signals')
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const before = await statusRequests(team.origin, key)
      for (let index = 0; index < 30; index++) expect((await call(team.origin, '/status', key)).status).toBe(200)
      await team.stop(signal)
      expect(team.output()).toContain(`Stopped (${signal}); state kept in ${persistTo}`)
      team = await startTeamDev(persistTo, TOKEN)
      // The usage call before the burst counted itself.
      expect(await statusRequests(team.origin, key)).toBe(before + 30)
    }
    const modes = readdirSync(persistTo, { recursive: true, withFileTypes: true }).map((entry) => {
      const path = join(entry.parentPath, entry.name)
      return [entry.isDirectory() ? 'folder' : 'file', statSync(path).mode & 0o777] as const
    })
    expect(modes.length).toBeGreaterThan(2)
    expect(statSync(persistTo).mode & 0o777).toBe(0o700)
    for (const [kind, mode] of modes) expect(mode).toBe(kind === 'folder' ? 0o700 : 0o600)
  }, 120_000)

  it('refuses a foreign Host with 403 on the API and on control', async () => {
    for (const path of ['/api/developer/v1/status', '/_developer-sandbox/clock']) {
      const status = await new Promise<number>((resolve, reject) => {
        const sent = request(`${team.origin}${path}`, { headers: { Host: 'evil.example', Authorization: `Bearer ${TOKEN}` } }, (answer) => {
          answer.resume()
          resolve(answer.statusCode ?? 0)
        })
        sent.on('error', reject)
        sent.end()
      })
      expect(status).toBe(403)
    }
  })
})

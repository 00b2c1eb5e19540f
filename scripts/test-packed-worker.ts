/**
 * `developer-sandbox/worker` as a team gets it from npm: the deploy example
 * (examples/team-sandbox, quoted in the README) is bundled by `wrangler
 * deploy --dry-run` against the packed tarball the React example installed
 * (its exports map, its files, its dependencies, its built playground as the
 * assets), then run on local workerd and asked for a key and GET /status.
 * Run by `npm run test:example`, after the React example's tests have packed
 * and installed the tarball.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { API_VERSION } from '../src/api/contract/version.ts'
import { startTeamSandbox } from './team/startTeamSandbox.ts'
import { wranglerDryRun } from './team/wranglerDryRun.ts'

const root = new URL('..', import.meta.url).pathname
const installed = join(root, 'examples/react-app/node_modules/developer-sandbox')
const TOKEN = `packed-worker-${crypto.randomUUID()}`

function fail(message: string): never {
  console.error(`Failed the packed Worker check: ${message}`)
  process.exit(1)
}

if (!existsSync(join(installed, 'package.json')))
  fail(`${installed} is missing: run the React example's tests first (they install the tarball).`)
// Inside the example's node_modules, so resolving `developer-sandbox/worker` and its dependencies finds the installed tarball only.
const project = join(root, 'examples/react-app/node_modules/.cache/team-sandbox-from-tarball')
rmSync(project, { recursive: true, force: true })
mkdirSync(join(project, 'src'), { recursive: true })
copyFileSync(join(root, 'examples/team-sandbox/wrangler.jsonc'), join(project, 'wrangler.jsonc'))
copyFileSync(join(root, 'examples/team-sandbox/src/index.ts'), join(project, 'src/index.ts'))
// The example's assets directory is the installed package's built playground, as in a team's repository.
if (!existsSync(join(installed, 'dist-lib/playground/index.html'))) fail('the tarball has no dist-lib/playground/index.html')
mkdirSync(join(project, 'node_modules'))
symlinkSync(installed, join(project, 'node_modules/developer-sandbox'), 'dir')

const { outdir, result: bundled } = wranglerDryRun(project)
if (bundled.status !== 0) fail(`wrangler deploy --dry-run exited ${bundled.status}\n${bundled.stdout}\n${bundled.stderr}`)
const bundle = join(outdir, 'index.js')
const source = readFileSync(bundle, 'utf8')
// esbuild names each module's path, relative to the project, above its code.
if (!source.includes('// ../../developer-sandbox/dist-lib/worker/'))
  fail('the bundle did not take developer-sandbox/worker from the installed tarball')

const persistTo = mkdtempSync(join(tmpdir(), 'packed-worker-state-'))
const playgroundDirectory = join(installed, 'dist-lib/playground')
const team = await startTeamSandbox({ port: 0, persistTo, adminToken: TOKEN, bundle, playgroundDirectory })
try {
  const issued = await fetch(`${team.origin}/_developer-sandbox/keys`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ scopes: ['status.read'], label: 'packed' }),
  })
  if (issued.status !== 201) fail(`issuing a key answered ${issued.status}: ${await issued.text()}`)
  const { key } = (await issued.json()) as { key: string }
  const status = await fetch(`${team.origin}/api/developer/v1/status`, { headers: { Authorization: `Bearer ${key}` } })
  const body = (await status.json()) as { apiVersion?: string }
  if (status.status !== 200 || body.apiVersion !== API_VERSION) fail(`GET /status answered ${status.status}: ${JSON.stringify(body)}`)
  const refused = await fetch(`${team.origin}/_developer-sandbox/keys`, { headers: { Authorization: 'Bearer wrong' } })
  if (refused.status !== 401) fail(`a wrong admin token got ${refused.status}, not 401`)
  await fetch(`${team.origin}/_developer-sandbox/workspaces/packed`, { method: 'PUT', headers: { Authorization: `Bearer ${TOKEN}` } })
  const page = await fetch(`${team.origin}/workspaces/packed/`)
  if (page.status !== 200 || !(await page.text()).includes('name="developer-sandbox-host"'))
    fail(`the workspace's playground page answered ${page.status}, not the marked page from the tarball's assets`)
  console.log(
    `The deploy example bundled against the packed tarball answers on workerd: key issued, GET /status 200, wrong token 401, the workspace's playground served.`,
  )
} finally {
  await team.stop()
  rmSync(persistTo, { recursive: true, force: true })
  rmSync(outdir, { recursive: true, force: true })
}

// Runs examples/python against a real `developer-sandbox serve`: compiles the
// server, starts it on a free port with a known admin token and a fresh state,
// runs `python3 -m unittest`, and stops the server. Skips, saying so, without python3.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildServerInto } from '../tests/server/support/buildServer.ts'

const root = new URL('..', import.meta.url).pathname
if (spawnSync('python3', ['--version']).status !== 0) {
  console.log('Skipped examples/python: python3 is not installed on this machine.')
  process.exit(0)
}
const work = mkdtempSync(join(tmpdir(), 'sandbox-python-example-'))
const token = `python-example-${crypto.randomUUID()}`
// Inside the repository, so the compiled server finds its dependencies in node_modules.
const build = join(root, 'node_modules/.cache/python-example-server')
buildServerInto(build)
const server = spawn(process.execPath, [join(build, 'dist-lib/server/bin.js'), 'serve', '--port', '0', '--state', join(work, 'state.db')], {
  cwd: work,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, DEVELOPER_SANDBOX_ADMIN_TOKEN: token },
})
let output = ''
server.stdout.on('data', (chunk) => {
  output += chunk
})
const deadline = Date.now() + 20_000
while (!/Stop: Ctrl\+C/.test(output)) {
  if (server.exitCode !== null || Date.now() > deadline) {
    console.error(`Failed to start the server for examples/python:\n${output}`)
    process.exit(1)
  }
  await new Promise((resolve) => setTimeout(resolve, 50))
}
const url = output.match(/API:\s+(http:\/\/[^/\s]+)\//)?.[1]
const result = spawnSync('python3', ['-m', 'unittest', '-v'], {
  cwd: join(root, 'examples/python'),
  stdio: 'inherit',
  env: { ...process.env, DEVELOPER_SANDBOX_URL: url, DEVELOPER_SANDBOX_ADMIN_TOKEN: token },
})
const stopped = new Promise((resolve) => server.once('exit', resolve))
server.kill('SIGTERM')
await stopped
rmSync(work, { recursive: true, force: true })
process.exit(result.status ?? 1)

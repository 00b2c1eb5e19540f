/**
 * The team sandbox `npm run team:dev` supervises (`dev.ts`): it runs in a
 * process group of its own and stops when the supervisor asks, or when the
 * supervisor is gone. Its files are private to this user (0600, folders
 * 0700), as serve's state is.
 */
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { startTeamSandbox } from './startTeamSandbox.ts'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    host: { type: 'string', default: '127.0.0.1' },
    'persist-to': { type: 'string', default: '.developer-sandbox/team' },
  },
})
const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  process.stderr.write(`Failed to read "--port": "${values.port}" is not a port number (0–65535).\n`)
  process.exit(2)
}
const oldName = !process.env.DEVELOPER_SANDBOX_ADMIN_TOKEN && Boolean(process.env.SANDBOX_ADMIN_TOKEN)
if (oldName) process.stderr.write('Warning: SANDBOX_ADMIN_TOKEN is read as the admin token: name it DEVELOPER_SANDBOX_ADMIN_TOKEN.\n')
const adminToken = process.env.DEVELOPER_SANDBOX_ADMIN_TOKEN || process.env.SANDBOX_ADMIN_TOKEN
if (!adminToken)
  process.stderr.write('Warning: DEVELOPER_SANDBOX_ADMIN_TOKEN is not set: the admin routes (keys) answer 503 until it is.\n')

// workerd creates the state files: it inherits this mask.
process.umask(0o077)
// Each workspace serves the playground when it is built (`npm run build:playground`).
const playground = existsSync('dist-lib/playground/index.html') ? 'dist-lib/playground' : undefined
const sandbox = await startTeamSandbox({
  port,
  host: values.host,
  persistTo: values['persist-to'],
  ...(adminToken ? { adminToken } : {}),
  ...(process.env.SANDBOX_CORS_ORIGINS ? { corsOrigins: process.env.SANDBOX_CORS_ORIGINS } : {}),
  ...(playground ? { playgroundDirectory: playground } : {}),
})
// The commands are printed as a shell in this folder runs them (npx finds the package in a project and in a clone).
const cli = 'npx developer-sandbox'
process.stdout.write(
  [
    '',
    '  developer-sandbox team sandbox (local workerd)',
    '',
    `  API:        ${sandbox.origin}/api/developer/v1`,
    `  OpenAPI:    ${sandbox.origin}/openapi.json`,
    `  Workspace:  ${sandbox.origin}/workspaces/<name>/api/developer/v1 (once created, below)`,
    `  State:      ${values['persist-to']}`,
    `  Playground: ${playground ? `${sandbox.origin}/workspaces/<name>/` : 'not built (npm run build:playground)'}`,
    '',
    '  Keys and workspaces, in a shell with DEVELOPER_SANDBOX_ADMIN_TOKEN exported as for this sandbox:',
    `  ${cli} keys issue --url ${sandbox.origin} --scopes status.read`,
    `  ${cli} workspaces create team-a --url ${sandbox.origin}`,
    `  ${cli} workspaces list --url ${sandbox.origin}`,
    '',
    '',
  ].join('\n'),
)

let stopping = false
/** Lets the last alarm save the counts, stops workerd, and says so. */
async function stop(reason: string, settle: boolean): Promise<void> {
  if (stopping) return
  stopping = true
  // Counts are saved within a second of a request by the object's alarm: let the last one run.
  if (settle) await new Promise((resolve) => setTimeout(resolve, 1000))
  await sandbox.stop()
  process.stdout.write(`\n  Stopped (${reason}); state kept in ${values['persist-to']}\n`)
  process.exit(0)
}

process.on('message', (message: { stop?: string }) => {
  if (message.stop) void stop(message.stop, true)
})
// The supervisor died without asking (SIGKILL): stop at once, as a crash of the whole would.
process.on('disconnect', () => void stop('supervisor gone', false))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal, true))

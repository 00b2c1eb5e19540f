/**
 * `npm run team:dev -- --port <port> --persist-to <dir>`: the team sandbox on
 * local workerd, bound to 127.0.0.1, state kept in <dir>, fully offline.
 * The admin token comes from SANDBOX_ADMIN_TOKEN, as `wrangler secret put` sets it when deployed.
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
const adminToken = process.env.SANDBOX_ADMIN_TOKEN
if (!adminToken) process.stderr.write('Warning: SANDBOX_ADMIN_TOKEN is not set: the admin routes (keys) answer 503 until it is.\n')

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
process.stdout.write(
  [
    '',
    '  developer-sandbox team sandbox (local workerd)',
    '',
    `  API:        ${sandbox.origin}/api/developer/v1`,
    `  OpenAPI:    ${sandbox.origin}/openapi.json`,
    `  Workspace:  ${sandbox.origin}/workspaces/<name>/api/developer/v1 (after PUT /_developer-sandbox/workspaces/<name>)`,
    `  State:      ${values['persist-to']}`,
    `  Playground: ${playground ? `${sandbox.origin}/workspaces/<name>/` : 'not built (npm run build:playground)'}`,
    '',
    `  Keys:       developer-sandbox keys issue --url ${sandbox.origin} --token "$SANDBOX_ADMIN_TOKEN" --scopes status.read`,
    '',
    '',
  ].join('\n'),
)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    // Counts are saved within a second of a request by the object's alarm: let the last one run.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await sandbox.stop()
    process.stdout.write(`\n  Stopped (${signal}); state kept in ${values['persist-to']}\n`)
    process.exit(0)
  })
}

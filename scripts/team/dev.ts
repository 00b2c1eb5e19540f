/**
 * `npm run team:dev -- --port <port> --persist-to <dir>`: the team sandbox on
 * local workerd, bound to 127.0.0.1, state kept in <dir>, fully offline.
 * The admin token comes from DEVELOPER_SANDBOX_ADMIN_TOKEN, as `wrangler secret put` sets it when deployed.
 *
 * This process only supervises: the sandbox runs in `devHost.ts`, in a
 * process group of its own. Ctrl+C (or `kill` of this group) signals every
 * process of the group at once, and workerd, signalled directly, would die
 * before the last counts were saved; here the host alone decides when
 * workerd stops, after the save, and then prints its "Stopped" line.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const host = spawn(process.execPath, [fileURLToPath(new URL('devHost.ts', import.meta.url)), ...process.argv.slice(2)], {
  detached: true,
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
})
host.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (host.connected) host.send({ stop: signal })
  })
}

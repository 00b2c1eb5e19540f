import { createSandboxCore } from '/work/main/dist-lib/api/core.js'

const sandbox = createSandboxCore({ memory: true })
const own: string[] = []
for (let i = 0; i < 300; i++) own.push((await sandbox.workspace.issueKey({ scopes: ['status.read'] })).key)
const call = (i: number) =>
  sandbox.handle(
    new Request('http://127.0.0.1/api/developer/v1/status', { headers: { Authorization: `Bearer ${own[Math.floor(i / 100) % 300]}` } }),
  )
const t = performance.now()
for (let i = 0; i < 30000; i++) {
  const r = await call(i)
  await r.text()
}
console.log((((performance.now() - t) * 1000) / 30000).toFixed(1), 'µs')

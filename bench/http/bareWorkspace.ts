/**
 * The floor of the team sandbox's throughput: the same runtime with none of
 * the app. A Worker forwards `/workspaces/<name>/…` to a Durable Object named
 * for the workspace, which answers a fixed JSON body: the platform's cost of
 * a request through a Worker to an object, measured in the same run.
 */
import { Log, LogLevel, Miniflare } from 'miniflare'
import { COMPATIBILITY_DATE } from '../../scripts/team/bundleWorker.ts'

const NAME = 'bare-workspaces'
const SCRIPT = `
export class BareWorkspace {
  async fetch() {
    return new Response('{"status":"ok"}', { headers: { 'Content-Type': 'application/json' } })
  }
}
export default {
  async fetch(request, env) {
    const name = new URL(request.url).pathname.split('/')[2] ?? 'default'
    return env.WORKSPACES.get(env.WORKSPACES.idFromName(name)).fetch(request)
  },
}
`

export async function startBareWorkspaces(port = 0): Promise<{ origin: string; stop(): Promise<void> }> {
  const miniflare = new Miniflare({
    host: '127.0.0.1',
    port,
    log: new Log(LogLevel.WARN),
    cf: false,
    workers: [
      {
        config: {
          name: NAME,
          compatibilityDate: COMPATIBILITY_DATE,
          manifest: { mainModule: 'worker.js', modules: { 'worker.js': { type: 'esm', contents: SCRIPT } } },
          env: { WORKSPACES: { type: 'durable-object', worker: NAME, exportName: 'BareWorkspace' } },
          exports: { BareWorkspace: { type: 'durable-object', storage: 'sqlite' } },
        },
      },
    ],
  })
  const url = await miniflare.ready
  return { origin: url.origin, stop: () => miniflare.dispose() }
}

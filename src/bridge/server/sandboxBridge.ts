import type { Server } from 'node:http'
import type { Connect, Plugin } from 'vite'
import { CHANNEL, CHANNEL_FOLDER, STATIC_PROBE } from '../protocol.ts'
import { type BridgeOptions, createBridge } from './createBridge.ts'
import { bridgeMiddleware } from './nodeHttp.ts'

export type SandboxBridgeOptions = Omit<BridgeOptions, 'base'>

/**
 * Makes the playground's sandbox reachable over HTTP while a playground tab is
 * open: `vite` and `vite preview` answer `<base>api/developer/v1/*` by
 * forwarding each request to that tab (docs/decisions/012-http-bridge.md).
 * A build ships a probe file saying there is no bridge, so the page tells a
 * static host from a server of ours without a failed request.
 * @example
 * export default defineConfig({ plugins: [sandboxBridge({ cors: ['http://localhost:3000'] })] })
 */
export function sandboxBridge(options: SandboxBridgeOptions = {}): Plugin {
  let base = '/'
  const install = (middlewares: Connect.Server, httpServer: Server | null) => {
    const bridge = createBridge({ ...options, base })
    // Preflights go ahead of Vite's own CORS middleware, which would answer them with its own policy;
    // everything else stays behind Vite's host check, which keeps DNS-rebound pages off the channel.
    middlewares.stack.unshift({ route: '', handle: bridgeMiddleware(bridge, { preflightOnly: true }) })
    middlewares.use(bridgeMiddleware(bridge))
    httpServer?.on('close', () => bridge.close())
  }
  return {
    name: 'developer-sandbox:bridge',
    configResolved(config) {
      base = config.base
    },
    configureServer(server) {
      install(server.middlewares, server.httpServer as Server | null)
    },
    configurePreviewServer(server) {
      install(server.middlewares, server.httpServer as Server)
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: `${CHANNEL_FOLDER}${CHANNEL.probe}`, source: JSON.stringify(STATIC_PROBE) })
    },
  }
}

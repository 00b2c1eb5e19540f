import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Connect, Logger, Plugin } from 'vite'
import { CONTROL_BASE_PATH } from '../../api/core.ts'
import { CHANNEL, CHANNEL_FOLDER, STATIC_PROBE } from '../protocol.ts'
import { type BridgeAdminToken, bridgeAdminToken } from './bridgeAdminToken.ts'
import { type BridgeOptions, createBridge } from './createBridge.ts'
import { bridgeMiddleware } from './nodeHttp.ts'

export type SandboxBridgeOptions = Omit<BridgeOptions, 'base'>

/**
 * Makes the playground's sandbox reachable over HTTP while a playground tab is
 * open: `vite` and `vite preview` answer `<base>api/developer/v1/*` and the
 * control routes `<base>_developer-sandbox/*` by forwarding each request to
 * that tab (docs/decisions/012-http-bridge.md, 023-control-api.md).
 * A build ships a probe file saying there is no bridge, so the page tells a
 * static host from a server of ours without a failed request.
 * @example
 * export default defineConfig({ plugins: [sandboxBridge({ cors: ['http://localhost:3000'] })] })
 */
export function sandboxBridge(options: SandboxBridgeOptions = {}): Plugin {
  let base = '/'
  let root = process.cwd()
  const install = (middlewares: Connect.Server, httpServer: Server | null, logger: Logger) => {
    let admin: BridgeAdminToken | undefined
    const adminToken = options.adminToken ?? (() => admin?.token)
    const bridge = createBridge({ ...options, adminToken, base })
    // The token is made once the port is known, so two servers in one checkout keep their own.
    httpServer?.once('listening', () => {
      const { port } = httpServer.address() as AddressInfo
      admin = bridgeAdminToken(root, port)
      const where = options.adminToken ? 'as configured' : admin.where
      logger.info(`  ➜  Control: http://localhost:${port}${base}${CONTROL_BASE_PATH.slice(1)} (admin token ${where})`)
    })
    httpServer?.on('close', () => admin?.discard())
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
      root = config.root
    },
    configureServer(server) {
      install(server.middlewares, server.httpServer as Server | null, server.config.logger)
    },
    configurePreviewServer(server) {
      install(server.middlewares, server.httpServer as Server, server.config.logger)
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: `${CHANNEL_FOLDER}${CHANNEL.probe}`, source: JSON.stringify(STATIC_PROBE) })
    },
  }
}

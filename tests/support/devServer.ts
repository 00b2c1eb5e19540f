/** `vite dev` with the project's config on a free local port, as `npm start` runs it. */
import { createServer, type InlineConfig, type ViteDevServer } from 'vite'

export async function startDevServer(options: InlineConfig = {}): Promise<{ server: ViteDevServer; origin: string }> {
  const server = await createServer({
    configFile: 'vite.config.ts',
    logLevel: 'silent',
    ...options,
    server: { port: 0, strictPort: false, host: '127.0.0.1', open: false },
  })
  await server.listen()
  const address = server.httpServer?.address()
  if (!address || typeof address === 'string') throw new Error('Failed to start "vite dev": no port')
  return { server, origin: `http://127.0.0.1:${address.port}` }
}

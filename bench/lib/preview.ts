/** Serves a built site with `vite preview` on a free port, and stops it by its own PID. */
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

const repository = fileURLToPath(new URL('../../', import.meta.url))

export interface PreviewServer {
  url: string
  stop(): Promise<void>
}

/** A port nothing listens on right now, picked by the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

async function waitUntilServing(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Failed to start "vite preview": it exited with ${child.exitCode}\n${output()}`)
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`Failed to start "vite preview": ${url} did not answer within 30 s\n${output()}`)
}

/** Starts `vite preview` for the given config (the playground's when omitted), optionally of another build directory. */
export async function startPreview(configFile?: string, outDir?: string): Promise<PreviewServer> {
  const port = await freePort()
  const args = [fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url)), 'preview']
  if (configFile) args.push('--config', configFile)
  if (outDir) args.push('--outDir', outDir)
  args.push('--host', '127.0.0.1', '--port', String(port), '--strictPort')
  const child = spawn(process.execPath, args, { cwd: repository, stdio: ['ignore', 'pipe', 'pipe'] })
  let log = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString()
  })
  const url = `http://127.0.0.1:${port}/`
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  try {
    await waitUntilServing(url, child, () => log)
  } catch (error) {
    await stop()
    throw error
  }
  return { url, stop }
}

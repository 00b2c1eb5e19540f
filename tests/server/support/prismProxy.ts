/**
 * Prism's validating proxy in front of the server: it forwards every request
 * and logs each way a request or response departs from the OpenAPI document.
 * Prism routes on the document's paths only, so it proxies to the base path.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { REPOSITORY } from './paths.ts'

const PRISM = join(REPOSITORY, 'node_modules/@stoplight/prism-cli/dist/index.js')

export interface PrismProxy {
  url: string
  /** Lines Prism logged; `Violation: response…` lines are contract breaches of the server. */
  log(): string[]
  stop(): Promise<void>
}

export async function startPrismProxy(documentFile: string, upstream: string, port: number): Promise<PrismProxy> {
  const child: ChildProcess = spawn(
    process.execPath,
    [PRISM, 'proxy', documentFile, upstream, '--port', String(port), '--host', '127.0.0.1'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    },
  )
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const deadline = Date.now() + 60_000
  while (!output.includes('Prism is listening')) {
    if (child.exitCode !== null) throw new Error(`Failed to start prism proxy: exit ${child.exitCode}\n${output}`)
    if (Date.now() > deadline) throw new Error(`Failed to start prism proxy in 60 s\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url: `http://127.0.0.1:${port}`,
    log: () => output.split('\n'),
    async stop() {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}

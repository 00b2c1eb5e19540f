/** Starts the three servers the HTTP benchmark compares, each in its own process, and stops them. */
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const repository = fileURLToPath(new URL('../../', import.meta.url))

export interface Started {
  child: ChildProcess
  port: number
}

/** Spawns a server and waits for `pattern` (whose first group is the port) on its stdout. */
function start(args: string[], pattern: RegExp, name: string, env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, args, { cwd: repository, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`Failed to start ${name}: no port within 60 s.\n${output}`)), 60_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = output.match(pattern)
      if (match) {
        clearTimeout(timer)
        child.stdout?.off('data', read)
        child.stdout?.resume()
        resolve({ child, port: Number(match[1]) })
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Failed to start ${name}: exit ${code}.\n${output}`))
    })
  })
}

/** The server on a new state database, starting from a workspace export. */
export const startServe = (statePath: string, importPath: string) =>
  start(
    [`${repository}dist-lib/server/bin.js`, 'serve', '--port', '0', '--state', statePath, '--import', importPath],
    /API:\s+http:\/\/127\.0\.0\.1:(\d+)\//,
    'developer-sandbox serve',
  )

/** The bare node:http floor, answering `answer` (a response captured from serve) to every request. */
export const startBare = (answer: { headers: [string, string][]; body: string }) =>
  start([fileURLToPath(new URL('bareServer.ts', import.meta.url))], /listening (\d+)/, 'the bare server', {
    BARE_ANSWER: JSON.stringify(answer),
  })

/**
 * `prism mock` on a document, as its documentation runs it (logging each
 * request at its default level, output discarded here), or `quiet` with only
 * errors logged, its fastest. Its port is polled: a quiet Prism prints no banner.
 */
export async function startPrism(document: string, port: number, quiet: boolean): Promise<Started> {
  const prism = `${repository}node_modules/@stoplight/prism-cli/dist/index.js`
  const args = [prism, 'mock', document, '--port', String(port), '--host', '127.0.0.1', ...(quiet ? ['--verboseLevel', 'error'] : [])]
  const child = spawn(process.execPath, args, { cwd: repository, stdio: ['ignore', 'ignore', 'ignore'] })
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Failed to start prism mock: exit ${child.exitCode}.`)
    try {
      await fetch(`http://127.0.0.1:${port}/status`)
      return { child, port }
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  child.kill('SIGTERM')
  throw new Error('Failed to start prism mock: it did not answer within 60 s.')
}

/** Resident memory of a process, in MB (Linux). */
export function residentMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kilobytes = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? Number.NaN)
  return Math.round(kilobytes / 102.4) / 10
}

export async function stop(started: Started | undefined): Promise<void> {
  if (!started || started.child.exitCode !== null) return
  const exited = new Promise((resolve) => started.child.once('exit', resolve))
  started.child.kill('SIGTERM')
  await exited
}

/** Starts `developer-sandbox serve` as a child process on a free port and runs the other commands. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BIN } from './paths.ts'

export interface RunningServer {
  child: ChildProcess
  origin: string
  port: number
  /** The key the banner showed, when the state held no active key. */
  key: string | undefined
  /** The curl line the banner showed with that key. */
  curlLine: string | undefined
  output(): string
  errors(): string
  /** Sends a signal and resolves when the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

export function scratchFolder(): string {
  return mkdtempSync(join(tmpdir(), 'sandbox-server-'))
}

export async function startServer(cwd: string, args: string[] = [], bin = BIN, env: Record<string, string> = {}): Promise<RunningServer> {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  })
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const deadline = Date.now() + 20_000
  while (!/Stop: Ctrl\+C/.test(stdout)) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`Failed to start the server: exit ${child.exitCode}\n${stdout}\n${stderr}`)
    if (Date.now() > deadline) throw new Error(`Failed to start the server in 20 s\n${stdout}\n${stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  const origin = stdout.match(/API:\s+(http:\/\/[^/\s]+)\//)?.[1] ?? ''
  return {
    child,
    origin,
    port: Number(new URL(origin).port),
    key: stdout.match(/^ {2}(svc_test_\S+)$/m)?.[1],
    curlLine: stdout.match(/^ {2}(curl .*)$/m)?.[1],
    output: () => stdout,
    errors: () => stderr,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}

export interface CommandResult {
  status: number | null
  stdout: string
  stderr: string
}

/** Runs `developer-sandbox <args>` to completion. */
export function runCommand(cwd: string, args: string[]): CommandResult {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: 30_000 })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

export interface OpenedServer extends RunningServer {
  /** The page serve gave the browser (`--open`): a `file:` URL only this user can read. */
  opened: string
  /** The one-time link in that page, to open as the browser would be sent on to it. */
  link: string
}

/**
 * Starts serve with `--open` and a "browser" that keeps what it was given:
 * serve prints no live link when its output is not a terminal, so this is how
 * a test reaches the one-time link, as a person's browser does.
 */
export async function startServerOpening(
  cwd: string,
  args: string[] = [],
  bin = BIN,
  env: Record<string, string> = {},
): Promise<OpenedServer> {
  const folder = mkdtempSync(join(tmpdir(), 'sandbox-browser-'))
  const browser = join(folder, 'browser.sh')
  writeFileSync(browser, `#!/bin/sh\nprintf '%s' "$1" > "${folder}/opened"\ncp "\${1#file://}" "${folder}/page.html"\n`)
  chmodSync(browser, 0o700)
  const server = await startServer(cwd, [...args, '--open'], bin, { ...env, BROWSER: browser })
  const page = join(folder, 'page.html')
  const deadline = Date.now() + 20_000
  while (!existsSync(page) || !readFileSync(page, 'utf8').includes('#handover=')) {
    if (Date.now() > deadline) throw new Error(`Failed to see serve open the browser in 20 s\n${server.output()}\n${server.errors()}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  const link = readFileSync(page, 'utf8').match(/location\.replace\("([^"]+)"\)/)?.[1] ?? ''
  return { ...server, opened: readFileSync(join(folder, 'opened'), 'utf8'), link }
}

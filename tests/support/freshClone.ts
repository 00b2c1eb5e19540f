/**
 * A clone of the working tree as `git clone` would give it: the files git tracks (and new ones it does
 * not ignore), nothing built, in a temporary folder. Its node_modules is the repository's, linked: an
 * `npm install` of the same lock file would take minutes and give the same files.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'

export const REPOSITORY = resolve(import.meta.dirname, '../..')

export function freshClone(): string {
  const clone = mkdtempSync(join(tmpdir(), 'sandbox-clone-'))
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: REPOSITORY,
    encoding: 'utf8',
  })
  for (const path of listed.split('\0')) {
    // A tracked file deleted in the working tree is not in the next commit either.
    if (!path || !existsSync(join(REPOSITORY, path))) continue
    mkdirSync(dirname(join(clone, path)), { recursive: true })
    copyFileSync(join(REPOSITORY, path), join(clone, path))
  }
  symlinkSync(join(REPOSITORY, 'node_modules'), join(clone, 'node_modules'))
  return clone
}

/** The environment a newcomer's shell has: none of the sandbox's variables set. */
export function shellEnvironment(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [name, value] of Object.entries(process.env))
    if (value !== undefined && !/^(DEVELOPER_SANDBOX_|SANDBOX_)/.test(name)) env[name] = value
  return { ...env, ...extra }
}

export interface ShellResult {
  status: number | null
  stdout: string
  stderr: string
}

/** Runs `script` with sh, as a user pastes it into a shell, and waits for it. */
export function runShell(script: string, cwd: string, env: Record<string, string>): ShellResult {
  const result = spawnSync('sh', ['-c', script], { cwd, env, encoding: 'utf8', timeout: 300_000 })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

export interface ShellServer {
  output(): string
  errors(): string
  /** Stops the whole process group (sh, npx or npm, and the server) and waits for it. */
  stop(): Promise<void>
}

/** Starts a server command with sh in a process group of its own and waits until its output matches `ready`. */
export async function startShellServer(
  script: string,
  cwd: string,
  env: Record<string, string>,
  ready: RegExp,
  timeoutMs: number,
): Promise<ShellServer> {
  const child: ChildProcess = spawn('sh', ['-c', script], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const server: ShellServer = {
    output: () => stdout,
    errors: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(-child.pid, 'SIGTERM')
      await exited
    },
  }
  const deadline = Date.now() + timeoutMs
  while (!ready.test(stdout)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await server.stop()
      throw new Error(
        `Failed to start "${script}" in ${cwd}: ${child.exitCode === null ? 'timed out' : `exit ${child.exitCode}`}\n${stdout}\n${stderr}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return server
}

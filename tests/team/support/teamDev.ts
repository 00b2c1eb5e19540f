/** Starts `npm run team:dev` (the team sandbox on local workerd) in its own process group, and runs the CLI against it. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { BIN, REPOSITORY } from '../../server/support/paths.ts'

export interface TeamDev {
  child: ChildProcess
  origin: string
  output(): string
  /** Kills npm and the supervisor at once, as a crash would; the sandbox then stops without waiting for a save. */
  kill(): Promise<void>
  /** Ctrl+C (or `signal` to the whole group): the script lets the last save run, then stops. */
  stop(signal?: NodeJS.Signals): Promise<void>
}

export async function startTeamDev(persistTo: string, adminToken: string | undefined): Promise<TeamDev> {
  const env = { ...process.env }
  delete env.SANDBOX_ADMIN_TOKEN
  delete env.DEVELOPER_SANDBOX_ADMIN_TOKEN
  if (adminToken !== undefined) env.DEVELOPER_SANDBOX_ADMIN_TOKEN = adminToken
  const child = spawn('npm', ['run', '--silent', 'team:dev', '--', '--port', '0', '--persist-to', persistTo], {
    cwd: REPOSITORY,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  // The sandbox runs in a process group of its own under npm's (scripts/team/dev.ts) and shares these pipes:
  // they close once every process of the team sandbox has gone, not when npm exits.
  let isClosed = false
  const closed = new Promise<void>((resolve) =>
    child.once('close', () => {
      isClosed = true
      resolve()
    }),
  )
  const deadline = Date.now() + 60_000
  let origin: string | undefined
  while (!origin) {
    origin = output.match(/API:\s+(http:\/\/[^/\s]+)\/api\/developer\/v1/)?.[1]
    if (child.exitCode !== null) throw new Error(`Failed to start team:dev: exit ${child.exitCode}\n${output}`)
    if (Date.now() > deadline) throw new Error(`Failed to start team:dev in 60 s\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const signalGroup = async (signal: NodeJS.Signals) => {
    if (isClosed || child.pid === undefined) return
    try {
      process.kill(-child.pid, signal)
    } catch {
      // npm's group is gone already; the sandbox's own group is stopping.
    }
    await closed
  }
  return {
    child,
    origin,
    output: () => output,
    kill: () => signalGroup('SIGKILL'),
    stop: (signal = 'SIGINT') => signalGroup(signal),
  }
}

export interface CliResult {
  status: number | null
  stdout: string
  stderr: string
}

/** Runs `developer-sandbox …` with the given environment additions (and none of the caller's DEVELOPER_SANDBOX_*). */
export function cli(args: string[], extraEnv: Record<string, string> = {}): CliResult {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('DEVELOPER_SANDBOX_')))
  const result = spawnSync(process.execPath, [BIN, ...args], { env: { ...env, ...extraEnv }, encoding: 'utf8', timeout: 30_000 })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

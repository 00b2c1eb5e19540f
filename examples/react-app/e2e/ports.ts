import { execFileSync } from 'node:child_process'

/**
 * The ports of the example's test servers: the variable when set, else a port nothing listens on,
 * so the suite runs beside a developer's own servers. Chosen once, in Playwright's runner, and kept
 * in the environment, because each test worker reads the config again and must find the same ports.
 */
const taken = new Set<number>()

function portFrom(variable: string): number {
  const chosen = process.env[variable]
  // Checked in the runner only: a worker reads this again while the servers hold their ports.
  if (chosen && process.env.EXAMPLE_PORTS_READY) return Number(chosen)
  // A pinned port that is taken fails here, naming it, instead of after the builds.
  let port = tryPort(Number(chosen ?? 0))
  // The OS may hand the same free port out twice in a row; each server needs its own.
  while (!chosen && taken.has(port)) port = tryPort(0)
  taken.add(port)
  if (port === 0)
    throw new Error(`Failed to use ${variable}=${chosen}: another program listens on it. Unset it and the tests pick a free port.`)
  process.env[variable] = String(port)
  return port
}

/** Listens on `port` for a moment (0: any port the OS picks): its number, or 0 when taken. In a child process: the config is read synchronously. */
function tryPort(port: number): number {
  const script = `const s=require('node:net').createServer();s.once('error',()=>process.stdout.write('0'));s.listen(${port},()=>{process.stdout.write(String(s.address().port));s.close()})`
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }))
}

/** The app with its in-page sandbox. */
export const APP_PORT = portFrom('EXAMPLE_PORT')
/** The app built without its worker, answered through Playwright's routing. */
export const NETWORK_PORT = portFrom('EXAMPLE_NETWORK_PORT')
/** `developer-sandbox serve`. */
export const SERVE_PORT = portFrom('EXAMPLE_SERVE_PORT')
/** The app built against that serve. */
export const SERVE_APP_PORT = portFrom('EXAMPLE_SERVE_APP_PORT')
process.env.EXAMPLE_PORTS_READY = '1'

import { execFileSync } from 'node:child_process'

/**
 * The ports of the example's test servers: the variable when set, else a port nothing listens on,
 * so the suite runs beside a developer's own servers. Chosen once, in Playwright's runner, and kept
 * in the environment, because each test worker reads the config again and must find the same ports.
 */
function portFrom(variable: string): number {
  const chosen = process.env[variable]
  if (chosen) return Number(chosen)
  // The config is read synchronously: ask the OS in a child process.
  const script = "const s=require('node:net').createServer();s.listen(0,()=>{process.stdout.write(String(s.address().port));s.close()})"
  const port = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })
  process.env[variable] = port
  return Number(port)
}

/** The app with its in-page sandbox. */
export const APP_PORT = portFrom('EXAMPLE_PORT')
/** The app built without its worker, answered through Playwright's routing. */
export const NETWORK_PORT = portFrom('EXAMPLE_NETWORK_PORT')
/** `developer-sandbox serve`. */
export const SERVE_PORT = portFrom('EXAMPLE_SERVE_PORT')
/** The app built against that serve. */
export const SERVE_APP_PORT = portFrom('EXAMPLE_SERVE_APP_PORT')

/** Real clients of the server: curl and Python's urllib, run as child processes. */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface WireResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/** Runs curl with `args` (URL included) and returns status, last headers and body. */
export function curl(args: string[]): WireResponse {
  const folder = mkdtempSync(join(tmpdir(), 'curl-'))
  try {
    const bodyFile = join(folder, 'body')
    const written = execFileSync('curl', ['-sS', '-o', bodyFile, '-w', '%{http_code}\\n%{header_json}', ...args], {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    })
    const [status, ...json] = written.split('\n')
    const headers = Object.fromEntries(
      Object.entries(JSON.parse(json.join('\n')) as Record<string, string[]>).map(([name, values]) => [name, values.join(', ')]),
    )
    return { status: Number(status), headers, body: readFileSync(bodyFile, 'utf8') }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

export const hasPython = spawnSync('python3', ['--version']).status === 0

/** Runs a Python 3 program; its stdout is returned. */
export function python(program: string, env: Record<string, string> = {}): string {
  return execFileSync('python3', ['-c', program], { encoding: 'utf8', env: { ...process.env, ...env } })
}

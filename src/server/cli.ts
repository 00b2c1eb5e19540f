/**
 * `developer-sandbox`: parses the command line and runs a command. Every
 * refusal is one line on stderr and a non-zero exit code.
 */
import { readFileSync } from 'node:fs'
import { controlCommand } from './controlCommand.ts'
import { keysCommand, RemoteRefusal } from './keysCommand.ts'
import { serveCommand } from './serveCommand.ts'
import { StateFileError } from './stateFile.ts'
import { StateInUseError } from './stateLock.ts'
import { MAIN_HELP, UsageError } from './usage.ts'
import { workspacesCommand } from './workspacesCommand.ts'

function version(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
  return manifest.version
}

/** Runs the command line; resolves to the exit code (a server resolves only when it stops). */
export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv
  try {
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      process.stdout.write(MAIN_HELP)
      return command === undefined ? 2 : 0
    }
    if (command === '--version' || command === '-v') {
      process.stdout.write(`${version()}\n`)
      return 0
    }
    if (command === 'serve') return await serveCommand(rest, version())
    if (command === 'keys') return await keysCommand(rest)
    if (command === 'control') return await controlCommand(rest)
    if (command === 'workspaces') return await workspacesCommand(rest)
    throw new UsageError(`Failed to run "${command.slice(0, 60)}": no such command. Run npx developer-sandbox --help.`)
  } catch (error) {
    if (
      error instanceof UsageError ||
      error instanceof StateFileError ||
      error instanceof StateInUseError ||
      error instanceof RemoteRefusal
    ) {
      process.stderr.write(`${error.message}\n`)
      return error instanceof UsageError ? 2 : 1
    }
    // node:util parseArgs refuses unknown or malformed options with this code.
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      // Node's first sentence names the option; the rest is advice for a different mistake.
      const reason = (error as Error).message.split(/\.\s/)[0]?.replace(/\.$/, '')
      process.stderr.write(`Failed to read the command line: ${reason}. Run npx developer-sandbox ${command} --help.\n`)
      return 2
    }
    throw error
  }
}

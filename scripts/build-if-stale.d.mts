export interface CloneBuild {
  what: string
  output: string
  sources: string[]
  script: string
  forServeOnly: boolean
}
export const BUILDS: CloneBuild[]
/** The newest modification time (ms) of these files and of every file under these folders, below `base`. */
export function newestChange(base: string, paths: string[]): number
/** The builds `argv` needs that are missing or older than their sources, in `base` (a clone). */
export function staleBuilds(base: string, argv: string[]): CloneBuild[]
/** Builds what the command line needs, or exits with one line on stderr when the clone cannot build. */
export function buildIfStale(argv: string[], base?: string): void

/** How a benchmark script hands its figures to bench/run.ts: one JSON line on stdout, prefixed. */
export const RESULT_PREFIX = 'BENCH_RESULT '

export function emit(result: object): void {
  process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(result)}\n`)
}

/** `--ci` selects the small counts that only prove the figures are produced. */
export function isCi(argv: readonly string[] = process.argv): boolean {
  return argv.includes('--ci')
}

/** Output of steps that run together, told apart line by line. */

/** Prefixes each complete line of `chunk` with `[name] `; returns the unfinished tail to carry to the next chunk. */
export function prefixLines(name: string, carried: string, chunk: string): { lines: string; rest: string } {
  const text = carried + chunk
  const end = text.lastIndexOf('\n')
  if (end < 0) return { lines: '', rest: text }
  const lines = text
    .slice(0, end)
    .split('\n')
    .map((line) => `[${name}] ${line}\n`)
    .join('')
  return { lines, rest: text.slice(end + 1) }
}

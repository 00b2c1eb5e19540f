/**
 * `npm test`: every check, phase by phase (scripts/test/plan.ts), then how long each phase took. Stops at
 * the first phase that fails, as a chain of `&&` would, after the steps running beside it end.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { type Phase, PLAN, type Step } from './plan.ts'
import { prefixLines } from './prefixLines.ts'
import { type PhaseTime, summary } from './summary.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

type Output = 'inherit' | 'prefixed' | 'kept'

interface Ran {
  step: Step
  code: number
  /** What a `kept` step printed, shown when it failed. */
  output: string
}

function start(step: Step, output: Output): Promise<Ran> {
  const child = spawn(step.command, step.args, { cwd: root, stdio: output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'] })
  let kept = ''
  if (output !== 'inherit') {
    for (const [stream, sink] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      let rest = ''
      stream?.setEncoding('utf8')
      stream?.on('data', (chunk: string) => {
        if (output === 'kept') {
          kept += chunk
          return
        }
        const prefixed = prefixLines(step.name, rest, chunk)
        rest = prefixed.rest
        sink.write(prefixed.lines)
      })
      stream?.on('end', () => {
        if (output === 'prefixed' && rest) sink.write(`[${step.name}] ${rest}\n`)
      })
    }
  }
  return new Promise<Ran>((resolve) => {
    child.once('error', (error) => resolve({ step, code: 1, output: `${kept}${String(error)}\n` }))
    child.once('close', (code, signal) => resolve({ step, code: code ?? (signal ? 1 : 0), output: kept }))
  })
}

async function runPhase(phase: Phase): Promise<boolean> {
  const together = phase.steps.length > 1
  const what = phase.steps.map((step) => step.name).join(' and ')
  const beside = phase.beside ?? []
  const alongside = beside.length > 0 ? `, with the ${beside.map((step) => step.name).join(' and the ')} beside` : ''
  process.stdout.write(`\n▸ ${phase.name}: ${what}${together ? ' together' : ''}${alongside}\n`)
  const besideRunning = beside.map((step) => start(step, 'kept'))
  const ran = await Promise.all(phase.steps.map((step) => start(step, together ? 'prefixed' : 'inherit')))
  for (const besideRan of await Promise.all(besideRunning))
    if (besideRan.code !== 0)
      process.stderr.write(`\n${besideRan.output}\nFailed to run "${besideRan.step.name}" beside ${phase.name} (exit ${besideRan.code}).\n`)
  const failed = ran.filter((result) => result.code !== 0)
  for (const result of failed) process.stderr.write(`\nFailed: ${result.step.name} (exit ${result.code}).\n`)
  return failed.length === 0
}

const times: PhaseTime[] = []
for (const phase of PLAN) {
  const began = performance.now()
  const passed = await runPhase(phase)
  times.push({ name: phase.name, ms: performance.now() - began, passed })
  if (!passed) break
}
process.stdout.write(`\n${summary(times)}\n`)
process.exitCode = times.every((time) => time.passed) ? 0 : 1

import type { BodyKind } from '../contract/bodyKinds.ts'
import type { Violation } from '../contract/violation.ts'
import generatedAnswers from './requestExamples.generated.json' with { type: 'json' }
import { REQUEST_EXAMPLES } from './requestExamples.ts'

/** What the core answered to one example body (`npm run generate:examples` records it). */
interface RecordedAnswer {
  status: number
  code?: string
  errors?: Violation[]
}

const ANSWERS: Record<string, Record<string, RecordedAnswer>> = generatedAnswers

/** The answer in words, every violation with its pointer, so a reader sees the 422 before sending it. */
function describeAnswer(answer: RecordedAnswer): string {
  if (answer.status === 200) return 'Passes every check: answers 200.'
  const violations = (answer.errors ?? []).map((violation) => `\`${violation.pointer}\` ${violation.message}`)
  return `Answers ${answer.status} \`${answer.code}\`: ${violations.join('; ')}.`
}

/** The named examples of a request body, `valid` first, each with what the core answers to it. */
export function requestBodyExamples(kind: BodyKind) {
  if (kind === 'none') return undefined
  return Object.fromEntries(
    Object.entries(REQUEST_EXAMPLES[kind]).map(([name, example]) => {
      const answer = ANSWERS[kind]?.[name]
      if (!answer)
        throw new TypeError(
          `Failed to document the "${name}" example of a ${kind} body: no recorded answer (run npm run generate:examples)`,
        )
      return [name, { summary: example.summary, description: describeAnswer(answer), value: example.value }]
    }),
  )
}

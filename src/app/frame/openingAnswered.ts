import { OPENING_LOADS } from '../data/openingLoads.ts'
import type { SectionId } from '../state/navigation.ts'
import { firstAnswer } from '../state/runtime/runtimeStore.ts'

/** Longest anything waits for the opening section's first answer once the sandbox is up: a latency fault may hold it back. */
export const OPENING_ANSWER_WAIT_MS = 150

/** Settles with `answer`, or after OPENING_ANSWER_WAIT_MS if it takes longer. */
export function withinOpeningWait(answer: Promise<unknown>): Promise<unknown> {
  return Promise.race([answer, new Promise<void>((resolve) => setTimeout(resolve, OPENING_ANSWER_WAIT_MS))])
}

/**
 * Settles once the section the page opens on has its first answer, or at
 * once on a section that loads nothing when it opens. Called once the sandbox
 * is up, by work that would otherwise share the one main thread with that
 * answer: sent beside it, the control API's first calls were answered first
 * and held it back (decision 049).
 */
export async function openingAnswered(section: SectionId): Promise<void> {
  if (OPENING_LOADS[section]) await withinOpeningWait(firstAnswer)
}

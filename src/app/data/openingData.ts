import type { SandboxClient } from '../../client/sandboxClient.ts'
import { navigationStore, type SectionId } from '../state/navigation.ts'
import { dataStore } from './dataStore.ts'
import { OPENING_LOADS } from './openingLoads.ts'

/**
 * Starts the loads of the section the page opens on, before the app renders
 * it; its views then adopt them (`useApiResource`). Leaving the section
 * before they do drops what they did not adopt.
 * @returns settles at the first answer; undefined when the section loads nothing when it opens
 */
export function preloadOpeningData(
  section: SectionId,
  client: SandboxClient,
  key: string | undefined,
  clockMoves: number,
): Promise<void> | undefined {
  const operations = OPENING_LOADS[section]
  if (!operations) return undefined
  const data = dataStore.getState()
  const unfollow = navigationStore.subscribe((state) => {
    if (state.section === section) return
    unfollow()
    data.dropPreloads()
  })
  return Promise.race(operations.map((operationId) => data.preload(client, operationId, key, clockMoves)))
}

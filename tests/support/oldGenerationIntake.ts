import { GCProfiler, getHeapSpaceStatistics, type HeapSpaceStatistics } from 'node:v8'

const oldSpaceNow = () => getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')?.space_used_size ?? Number.NaN
const oldSpaceAt = (spaces: readonly HeapSpaceStatistics[]) =>
  spaces.find((space) => space.spaceName === 'old_space')?.spaceUsedSize ?? Number.NaN

/**
 * Bytes the old generation took in while `run` ran: what it grew by, plus
 * what each full collection in between freed. Short-lived garbage stays out
 * of it; garbage V8 chose to make long-lived is counted.
 */
export async function oldGenerationIntake(run: () => Promise<void>): Promise<number> {
  const profiler = new GCProfiler()
  profiler.start()
  const before = oldSpaceNow()
  await run()
  const after = oldSpaceNow()
  const freed = (profiler.stop()?.statistics ?? [])
    .filter((gc) => gc.gcType === 'MarkSweepCompact')
    .reduce((sum, gc) => sum + oldSpaceAt(gc.beforeGC.heapSpaceStatistics) - oldSpaceAt(gc.afterGC.heapSpaceStatistics), 0)
  return after - before + freed
}

import { GCProfiler, getHeapSpaceStatistics, type HeapSpaceStatistics } from 'node:v8'
import type { ApiAnswer, ApiRequest } from '../../src/api/core.ts'
import { collectGarbage } from '../../src/server/releaseLoadingMemory.ts'

const oldSpaceNow = () => getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')?.space_used_size ?? Number.NaN
const oldSpaceAt = (spaces: readonly HeapSpaceStatistics[]) =>
  spaces.find((space) => space.spaceName === 'old_space')?.spaceUsedSize ?? Number.NaN

/**
 * Bytes the old generation took in while `run` ran: what it grew by, plus
 * what each full collection in between freed. Short-lived garbage stays out
 * of it; garbage V8 chose to make long-lived is counted.
 * @note It starts from a full collection. Otherwise a full collection that
 * lands inside `run` (on a busy machine, the one the setup's garbage called
 * for) frees what the setup left and counts it as `run`'s: 343 bytes a
 * request against a steady 135 on one CI run.
 */
export async function oldGenerationIntake(run: () => Promise<void>): Promise<number> {
  collectGarbage('regular')
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

/** `count` plaintext keys in the sandbox's format, the same on every call. */
export const numberedKeys = (count: number): string[] =>
  Array.from({ length: count }, (_, index) => `svc_test_${String(index).padStart(43, '0')}`)

/**
 * Old-generation intake per request over `requests` calls of `GET /status`
 * through `answer`, after 2,000 to warm up; each key in `keys` serves 100 in
 * a row, so none reaches the rate limit. Counts the answers that were not 200.
 */
export async function statusIntakePerRequest(
  answer: (request: ApiRequest) => Promise<ApiAnswer>,
  keys: readonly string[],
  requests: number,
): Promise<{ bytes: number; refused: number }> {
  const request = (index: number) => {
    const authorization = `Bearer ${keys[Math.floor(index / 100) % keys.length]}`
    return answer({
      method: 'GET',
      url: 'http://127.0.0.1/api/developer/v1/status',
      headers: { get: (name) => (name === 'authorization' ? authorization : null) },
      body: null,
    })
  }
  for (let index = 0; index < 2_000; index++) await request(index)
  let refused = 0
  const intake = await oldGenerationIntake(async () => {
    for (let index = 2_000; index < 2_000 + requests; index++) if ((await request(index)).status !== 200) refused++
  })
  return { bytes: intake / requests, refused }
}

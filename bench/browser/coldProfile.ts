/**
 * Where the cold API answer's time goes: not a figure of the run, a profiler
 * for whoever works on it. Opens the production build (the one `npm run
 * bench` builds into node_modules/.cache/bench/playground-dist; build it
 * first) in fresh contexts, with a CPU profile of the first one, and prints
 * every performance mark and resource timing up to the first API answer, then
 * the functions and scripts the main thread spent that time in.
 *
 *   node bench/browser/coldProfile.ts [contexts]
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { launchChromium } from '../lib/chromium.ts'
import { startPreview } from '../lib/preview.ts'
import { API_READY_MARK } from './coldStart.ts'
import { buildDir } from './playground.ts'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
}
interface CpuProfile {
  nodes: ProfileNode[]
  samples?: number[]
  timeDeltas?: number[]
}

if (!existsSync(join(buildDir, 'index.html'))) {
  console.error(`Failed to profile: no build in ${buildDir}. Run: npm run build -- --outDir ${buildDir} --emptyOutDir`)
  process.exit(1)
}
const contexts = Number(process.argv[2] ?? 3)

/** Self time by key, largest first, in ms. */
function top(totals: Map<string, number>, count: number): string[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => `${(micros / 1000).toFixed(1).padStart(7)} ms  ${name}`)
}

const server = await startPreview(undefined, buildDir)
const browser = await launchChromium()
try {
  for (let index = 0; index < contexts; index++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    const cdp = index === 0 ? await context.newCDPSession(page) : undefined
    if (cdp) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
      await cdp.send('Profiler.start')
    }
    await page.goto(`${server.url}#/overview`)
    await page.waitForFunction((mark) => performance.getEntriesByName(mark, 'mark').length > 0, API_READY_MARK, { timeout: 20_000 })
    const timeline = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
      const events = [
        ...performance.getEntriesByType('mark').map((mark) => ({ at: mark.startTime, what: `mark ${mark.name}` })),
        ...performance.getEntriesByType('resource').map((entry) => {
          const resource = entry as PerformanceResourceTiming
          const name = resource.name.replace(location.origin, '')
          return { at: resource.startTime, what: `fetch ${name} → ${Math.round(resource.responseEnd)} ms` }
        }),
        { at: navigation.domContentLoadedEventEnd, what: 'DOMContentLoaded' },
      ]
      return events.sort((a, b) => a.at - b.at).map((event) => `${String(Math.round(event.at)).padStart(5)} ms  ${event.what}`)
    })
    console.log(`\ncontext ${index + 1}: ${timeline.length} events\n${timeline.join('\n')}`)
    if (cdp) {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile }
      const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
      const byFunction = new Map<string, number>()
      const byScript = new Map<string, number>()
      profile.samples?.forEach((id, sample) => {
        const frame = nodes.get(id)?.callFrame
        if (!frame) return
        const micros = profile.timeDeltas?.[sample] ?? 0
        const script = frame.url.replace(server.url, '') || '(browser)'
        const name = `${frame.functionName || '(anonymous)'}  ${script}:${frame.lineNumber}`
        byFunction.set(name, (byFunction.get(name) ?? 0) + micros)
        byScript.set(script, (byScript.get(script) ?? 0) + micros)
      })
      console.log(`\nmain thread by script (first context):\n${top(byScript, 12).join('\n')}`)
      console.log(`\nmain thread by function:\n${top(byFunction, 25).join('\n')}`)
    }
    await context.close()
  }
} finally {
  await browser.close()
  await server.stop()
}

/**
 * The docs embeds and the reference, framed by a page of another site, in
 * every engine. Engines partition service workers and storage in third-party
 * frames in their own ways; whichever path an engine allows, every example
 * answers as documented, and an embed that runs without a worker says so in
 * one line. The path each engine took is printed as a `measure:` line and
 * written down in docs/docs-sites.md.
 */
import { type DocsHost, FRAMED_EXAMPLES, startDocsHost } from './support/docsHost.ts'
import { expect, test } from './support/fixtures.ts'
import { waitFor, waitUntilSteady } from './support/steps.ts'

let host: DocsHost

test.beforeAll(async ({ site }) => {
  host = await startDocsHost(site)
})

test.afterAll(async () => {
  await host?.close()
})

test('a docs page of another site runs three examples and the reference', async ({ profile, engineName }) => {
  test.setTimeout(120_000)
  const page = await profile.newPage()
  await page.goto(host.url)
  const paths: string[] = []
  for (const { id, status } of FRAMED_EXAMPLES) {
    // As a reader scrolls to it: an example may start only once it comes near the view.
    await page.evaluate(
      (selector: string) => document.querySelector(selector)?.scrollIntoView({ block: 'center' }),
      `[data-sandbox-example="${id}"]`,
    )
    const frame = await page.frame(`[data-sandbox-example="${id}"] > iframe`)
    const path = await waitFor(frame, `${id} ready to run`, () => {
      const run = Array.from(document.querySelectorAll('button')).find((button) => button.textContent?.trim() === 'Run')
      if (!run || run.disabled) return null
      // Without a worker the embed says why in one note; with one it says nothing.
      const notes = Array.from(document.querySelectorAll('[role="note"]'))
      return notes.length === 0 ? 'service worker' : `in memory (${notes.map((note) => note.getAttribute('data-reason')).join(', ')})`
    })
    paths.push(`${id}: ${path}`)
    // The frame in the middle of the page's view first: frames above it still resize as they load, and a
    // click aimed at a button that moved lands elsewhere (WebKitGTK's clicks in frames are aimed once).
    await page.evaluate(
      (selector: string) => document.querySelector(selector)?.scrollIntoView({ block: 'center' }),
      `[data-sandbox-example="${id}"] > iframe`,
    )
    await waitUntilSteady(page, `${id}'s frame`, `[data-sandbox-example="${id}"] > iframe`)
    await frame.evaluate(() => {
      const run = Array.from(document.querySelectorAll('button')).find((button) => button.textContent?.trim() === 'Run')
      run?.setAttribute('data-engine-target', 'run')
    })
    await frame.click('[data-engine-target="run"]')
    // Apart from the answer's own wait: a click that never reached Run fails here, naming the click, not the sandbox.
    await waitFor(frame, `${id}'s run to start on the click`, () => {
      const run = document.querySelector('[data-engine-target="run"]')
      return run?.textContent?.trim() !== 'Run' || document.querySelector('.status-line') !== null
    })
    const shown = await waitFor(frame, `${id}'s answer`, () => {
      const line = document.querySelector('.status-line')
      const answered = line?.querySelector('.status')?.getAttribute('data-status')
      return answered ? { status: answered, documented: line?.textContent?.includes('as documented') ?? false } : null
    })
    expect(shown, id).toEqual({ status, documented: true })
  }

  const reference = await page.frame('#reference')
  const transport = await waitFor(reference, 'the reference ready', () => {
    const bar = document.querySelector<HTMLElement>('#reference-keys')
    return bar && 'ready' in bar.dataset ? (bar.dataset.transport ?? 'unknown') : null
  })
  await waitFor(reference, 'the reference rendered', () => /\/status/.test(document.querySelector('#reference-root')?.textContent ?? ''))
  // "Try it" reaches the sandbox of the frame, not the static host: a request without a key is the sandbox's 401.
  const tried = await reference.evaluate(async (inPage: boolean) => {
    if (inPage) return 'answered in the page'
    const response = await fetch('api/developer/v1/status')
    return `${response.status} ${((await response.json()) as { code?: string }).code ?? ''}`
  }, transport === 'in-page')
  expect(['401 key_missing', 'answered in the page']).toContain(tried)
  console.log(`measure: ${engineName} framed by another site: ${paths.join('; ')}; reference: ${transport}`)
})

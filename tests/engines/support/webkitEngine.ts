import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { remote } from 'webdriverio'
import { type Engine, type EngineContext, type EnginePage, type EngineView, splitChord } from './engine.ts'

export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver'
export const MINI_BROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'
export const XVFB = '/usr/bin/Xvfb'

type Session = WebdriverIO.Browser
/** Where a view lives: its window, then the iframes from the top document down. */
interface Place {
  window: string
  frames: string[]
}

/** WebDriver's names for the modifier and special keys a chord may use (the spec's code points). */
const KEYS: Record<string, string> = {
  Control: '\uE009',
  Shift: '\uE008',
  Alt: '\uE00A',
  Meta: '\uE03D',
  Enter: '\uE007',
  Escape: '\uE00C',
  Tab: '\uE004',
  Backspace: '\uE003',
  Delete: '\uE017',
  ArrowDown: '\uE015',
  ArrowUp: '\uE013',
  Home: '\uE011',
  End: '\uE010',
}
const keyOf = (name: string) => KEYS[name] ?? name

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Starts a program and waits until `ready` sees its output say it is up. */
function start(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: (output: string) => string | undefined,
): Promise<{ child: ChildProcess; answer: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    const timer = setTimeout(() => fail(new Error(`Failed to start ${command} within 30 s: ${output.slice(-500)}`)), 30_000)
    function fail(error: Error) {
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(error)
    }
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const answer = ready(output)
      if (answer !== undefined) {
        clearTimeout(timer)
        resolve({ child, answer })
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('error', fail)
    child.once('exit', (code) => fail(new Error(`Failed to start ${command}: it exited with ${code}. ${output.slice(-500)}`)))
  })
}

async function waitForStatus(port: number): Promise<void> {
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/status`)).ok) return
    } catch {}
    if (Date.now() > deadline) throw new Error(`Failed to reach WebKitWebDriver on port ${port} within 30 s.`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** One WebDriver session: a MiniBrowser of its own, whose windows are the context's pages. */
async function openSession(port: number): Promise<Session> {
  return remote({
    hostname: '127.0.0.1',
    port,
    logLevel: 'error',
    connectionRetryCount: 0,
    // A slice of typed keys can take a while on a busy machine: each key waits for the page to take it.
    connectionRetryTimeout: 300_000,
    capabilities: {
      // Classic WebDriver: webdriverio would ask for BiDi, which WebKitWebDriver refuses.
      'wdio:enforceWebDriverClassic': true,
      'webkitgtk:browserOptions': { binary: MINI_BROWSER, args: ['--automation'] },
    } as WebdriverIO.Capabilities,
  })
}

function contextOver(session: Session): EngineContext {
  let current: Place | undefined
  // Every command acts where the session stands: move there first, only when it is elsewhere.
  async function enter(place: Place): Promise<void> {
    if (current && current.window === place.window && current.frames.join('\n') === place.frames.join('\n')) return
    if (current?.window !== place.window) await session.switchToWindow(place.window)
    await session.switchFrame(null)
    for (const selector of place.frames) await session.switchFrame(session.$(selector))
    current = place
  }
  function view(place: Place): EngineView {
    return {
      async evaluate(fn, ...args) {
        await enter(place)
        return session.executeScript(`return (${fn.toString()}).apply(null, arguments)`, args as unknown as never[])
      },
      async click(selector) {
        await enter(place)
        const element = await session.$(selector)
        await element.waitForDisplayed({ timeout: 10_000 })
        await element.click()
      },
      async frame(selector) {
        await enter(place)
        await session.$(selector).waitForExist({ timeout: 10_000 })
        return view({ window: place.window, frames: [...place.frames, selector] })
      },
    }
  }
  function page(window: string): EnginePage {
    const top: Place = { window, frames: [] }
    return {
      ...view(top),
      async goto(url) {
        await enter(top)
        await session.navigateTo(url)
      },
      async type(text, delayMs) {
        await enter(top)
        // WebKitWebDriver takes each key to the page and back before the next (70+ ms a key into Monaco on a
        // busy machine), far slower than any delay asked for here, and a pause action costs it a whole extra
        // tick. So the keys go back to back, in slices, and a slice that came in faster than asked waits out the rest.
        for (let at = 0; at < text.length; at += 25) {
          const slice = text.slice(at, at + 25)
          const started = Date.now()
          const keys = session.action('key')
          for (const character of slice) keys.down(character).up(character)
          await keys.perform()
          const early = slice.length * delayMs - (Date.now() - started)
          if (early > 0) await new Promise((resolve) => setTimeout(resolve, early))
        }
      },
      async press(chord) {
        await enter(top)
        const { modifiers, key } = splitChord(chord)
        const keys = session.action('key')
        for (const modifier of modifiers) keys.down(keyOf(modifier))
        keys.down(keyOf(key)).up(keyOf(key))
        for (const modifier of modifiers.reverse()) keys.up(keyOf(modifier))
        await keys.perform()
      },
      async close() {
        await enter(top)
        await session.closeWindow()
        current = undefined
      },
    }
  }
  let first = true
  return {
    async newPage() {
      // The session opens with one window: the context's first page.
      if (first) {
        first = false
        const [window] = await session.getWindowHandles()
        if (!window) throw new Error('Failed to open a page: the MiniBrowser has no window.')
        await session.switchToWindow(window)
        await session.setWindowRect(null, null, 1280, 900)
        return page(window)
      }
      const { handle } = (await session.createWindow('tab')) as unknown as { handle: string }
      return page(handle)
    },
    close: () => session.deleteSession(),
  }
}

/** How long a new session may take to start before its driver is taken for stuck. */
const SESSION_START_MS = 30_000

/** A WebKitWebDriver on a free port of its own, answering its status route. */
async function startDriver(display: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort()
  const child = spawn(WEBKIT_DRIVER, [`--port=${port}`], { env: { ...process.env, DISPLAY: display }, stdio: 'ignore' })
  // WebKitWebDriver says nothing when it is up: its status route answers then.
  await waitForStatus(port).catch((error) => {
    child.kill()
    throw error
  })
  return { child, port }
}

/** The promise's value, or undefined when it takes longer than `ms` (its later failure, if any, is dropped). */
async function withinMs<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms)
  })
  promise.catch(() => {})
  try {
    return await Promise.race([promise, late])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * WebKitGTK's MiniBrowser through WebKitWebDriver, on a display of its own
 * (Xvfb): WebKit's classic WebDriver with webdriverio, as Debian packages it.
 */
export async function launchWebKit(): Promise<Engine> {
  const xvfb = await start(
    XVFB,
    ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    process.env,
    (output) => /^(\d+)\s*$/m.exec(output)?.[1],
  )
  const display = `:${xvfb.answer}`
  let driver = await startDriver(display).catch((error) => {
    xvfb.child.kill()
    throw error
  })
  const probe = await openSession(driver.port)
  const version = `WebKitGTK ${String(probe.capabilities.browserVersion ?? '')}`.trim()
  await probe.deleteSession()
  return {
    name: 'webkit',
    version,
    async newContext() {
      const session = await withinMs(openSession(driver.port), SESSION_START_MS).catch(() => undefined)
      if (session) return contextOver(session)
      // A busy machine once left WebKitWebDriver holding a new session's request until the journey's time ran out; it
      // allows one session at a time, so only a new driver can start the next: once, then the journey fails as it would.
      driver.child.kill()
      driver = await startDriver(display)
      return contextOver(await openSession(driver.port))
    },
    async close() {
      driver.child.kill()
      xvfb.child.kill()
    },
  }
}

import { launchChromium } from './chromiumEngine.ts'
import type { Engine, EngineName } from './engine.ts'
import { launchFirefox } from './firefoxEngine.ts'
import { launchWebKit } from './webkitEngine.ts'

const LAUNCHERS: Record<EngineName, () => Promise<Engine>> = {
  chromium: launchChromium,
  firefox: launchFirefox,
  webkit: launchWebKit,
}

export function launchEngine(name: EngineName): Promise<Engine> {
  return LAUNCHERS[name]()
}

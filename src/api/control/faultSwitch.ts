import type { Faults } from '../pipeline/faults.ts'

/**
 * The faults a host's core reads on every request (`createSandboxCore({
 * faults: switch.read })`). One object, replaced whole by `set`: the pipeline
 * takes from its `count` in place, so what `read` shows is what is left.
 */
export class FaultSwitch {
  #current: Faults

  constructor(initial: Faults = {}) {
    this.#current = { ...initial }
  }

  readonly read = (): Faults => this.#current

  set(faults: Faults): void {
    this.#current = { ...faults }
  }

  clear(): void {
    this.#current = {}
  }
}

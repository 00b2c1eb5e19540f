import { describe, expect, it } from 'vitest'
import { EARLY_POLICY, earlyWorkerUrls, registerEarly } from '../../src/embed/frame/earlyRegistration.ts'

const START = 'https://sandbox.example/docs/embed-start.js'

function container(controllerScript?: string, fail?: Error) {
  const calls: Array<{ url: unknown; scope: string | undefined }> = []
  return {
    calls,
    value: {
      controller: controllerScript ? ({ scriptURL: controllerScript } as ServiceWorker) : null,
      register(url: unknown, options?: RegistrationOptions) {
        calls.push({ url, scope: options?.scope })
        return fail ? Promise.reject(fail) : Promise.resolve({} as ServiceWorkerRegistration)
      },
    } as Pick<ServiceWorkerContainer, 'register' | 'controller'>,
  }
}

describe('early registration of the embed worker', () => {
  it('registers the same script and scope the frame registers (workerLink.ts), under the site base', async () => {
    expect(earlyWorkerUrls(START)).toEqual({
      script: 'https://sandbox.example/docs/embed-sw.js',
      scope: 'https://sandbox.example/docs/embed.html',
    })
    const { calls, value } = container()
    expect(await registerEarly(START, { secure: true, container: () => value })).toBe('started')
    expect(calls).toEqual([{ url: 'https://sandbox.example/docs/embed-sw.js', scope: 'https://sandbox.example/docs/embed.html' }])
  })

  it('vouches for the worker URL alone under Trusted Types', async () => {
    const { calls, value } = container()
    const vouched: string[] = []
    let rule: ((input: string) => string) | undefined
    const trustedTypes = {
      createPolicy(name: string, rules: { createScriptURL: (input: string) => string }) {
        expect(name).toBe(EARLY_POLICY)
        rule = rules.createScriptURL
        return { createScriptURL: (input: string) => ({ trusted: rules.createScriptURL(input), vouched: vouched.push(input) }) }
      },
    }
    expect(await registerEarly(START, { secure: true, container: () => value, trustedTypes })).toBe('started')
    expect(vouched).toEqual(['https://sandbox.example/docs/embed-sw.js'])
    expect(calls[0]?.url).toEqual({ trusted: 'https://sandbox.example/docs/embed-sw.js', vouched: 1 })
    expect(() => rule?.('https://elsewhere.example/x.js')).toThrow(/only the embed worker/)
  })

  it('does nothing where the worker already controls the frame, in an insecure context, or without service workers', async () => {
    const controlled = container('https://sandbox.example/docs/embed-sw.js')
    expect(await registerEarly(START, { secure: true, container: () => controlled.value })).toBe('skipped')
    expect(controlled.calls).toEqual([])
    const insecure = container()
    expect(await registerEarly(START, { secure: false, container: () => insecure.value })).toBe('skipped')
    expect(insecure.calls).toEqual([])
    expect(await registerEarly(START, { secure: true, container: () => undefined })).toBe('skipped')
  })

  it('swallows every refusal: the frame registers again and reports it', async () => {
    const refused = container(undefined, new DOMException('The user denied permission to use Service Worker.', 'NotSupportedError'))
    expect(await registerEarly(START, { secure: true, container: () => refused.value })).toBe('skipped')
    const throwing = () => {
      throw new DOMException('blocked', 'SecurityError')
    }
    expect(await registerEarly(START, { secure: true, container: throwing })).toBe('skipped')
  })
})

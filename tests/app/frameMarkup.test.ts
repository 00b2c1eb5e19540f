import { describe, expect, it } from 'vitest'
import { frameMarkup } from '../../src/app/frame/frameMarkup.tsx'
import { SECTIONS } from '../../src/app/state/navigation.ts'

describe('the frame the build paints before any script runs', () => {
  const html = frameMarkup()

  it('is the frame a fresh tab shows while the sandbox starts: title, worker status, every section, the starting notice', () => {
    expect(html).toContain('<h1>Developer Sandbox <span class="muted">playground</span></h1>')
    expect(html).toMatch(/data-testid="worker-status" data-phase="starting"/)
    for (const section of SECTIONS) expect(html).toContain(`<a href="#/${section.id}"`)
    expect(html).toContain('<a href="#/workspace" aria-current="page">Workspace</a>')
    expect(html).toContain('Starting the sandbox: opening IndexedDB and registering the worker…')
  })

  it('carries nothing that runs or styles itself: no script, no inline style, no handler attribute', () => {
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i)
  })
})

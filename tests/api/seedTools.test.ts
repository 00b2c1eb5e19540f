import { describe, expect, it } from 'vitest'
import { manifestDigest } from '../../src/api/domain/manifestDigest.ts'
import { SEED_TOOLS } from '../../src/api/store/seedTools.ts'

describe('the seeded tool catalogue', () => {
  it.each(SEED_TOOLS.map((tool) => [tool.id, tool] as const))('%s carries the digest of its manifest', (_id, tool) => {
    // The digest is written out so a new store need not hash; a manifest edited without it fails here.
    expect(tool.digest).toBe(manifestDigest(tool.manifest))
  })

  it('holds distinct tools with distinct digests', () => {
    expect(new Set(SEED_TOOLS.map((tool) => tool.id)).size).toBe(SEED_TOOLS.length)
    expect(new Set(SEED_TOOLS.map((tool) => tool.digest)).size).toBe(SEED_TOOLS.length)
  })
})

import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { generateValidators } from '../../scripts/generate-validators.mjs'

describe('build-time validators', () => {
  it('are up to date with the contract schemas (run npm run generate:validators)', () => {
    const committed = readFileSync(new URL('../../src/api/contract/validators.generated.js', import.meta.url), 'utf8')
    expect(committed).toBe(generateValidators())
  })
})

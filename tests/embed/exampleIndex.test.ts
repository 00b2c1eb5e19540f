/** The ids, titles and reserved heights a docs page knows before a frame loads agree with the catalogue and with embed.js. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { EXAMPLE_IDS, EXAMPLE_INDEX } from '../../src/embed/exampleIndex.ts'
import { EXAMPLES } from '../../src/embed/examples.ts'

const loader = readFileSync(new URL('../../public/embed.js', import.meta.url), 'utf8')

describe('example index', () => {
  it('names every example of the catalogue, in its order, with its title', () => {
    expect(EXAMPLE_IDS).toEqual(EXAMPLES.map((example) => example.id))
    for (const example of EXAMPLES) expect(EXAMPLE_INDEX[example.id as keyof typeof EXAMPLE_INDEX].title).toBe(example.title)
  })

  it('reserves in embed.js the same height for each example as the React component does', () => {
    const table = loader.slice(loader.indexOf('const RESERVED = {'), loader.indexOf('}', loader.indexOf('const RESERVED = {')))
    const reserved = Object.fromEntries([...table.matchAll(/'([a-z-]+)': (\d+)/g)].map(([, id, height]) => [id, Number(height)]))
    expect(reserved).toEqual(Object.fromEntries(EXAMPLE_IDS.map((id) => [id, EXAMPLE_INDEX[id].height])))
  })
})

/**
 * The editor's language service, run in Node exactly as its worker runs it:
 * its error markers land on the places the API reports, it completes from
 * the schema, and it describes a property from the schema as plain text.
 */
import { describe, expect, it } from 'vitest'
import { parseManifestText } from '../../src/app/editor/document/manifestText.ts'
import { manifestCompletions, manifestHover, manifestMarkers } from '../../src/app/editor/language/manifestLanguage.ts'
import { locateMarkers } from '../../src/app/editor/validation/editorMarkers.ts'
import { corpusText, manifestCorpus, unique } from '../support/manifestCorpus.ts'

async function markedPointers(text: string): Promise<string[]> {
  return unique(locateMarkers(text, parseManifestText(text).tree, await manifestMarkers(text)).map((marker) => marker.pointer))
}

describe('markers', () => {
  it.each(manifestCorpus.map((entry) => [entry.file, entry] as const))(
    '%s: on exactly the places the API reports',
    async (_file, entry) => {
      expect(await markedPointers(corpusText(entry))).toEqual(unique(entry.pointers))
    },
  )

  it('counts 1.0 as an integer, as JSON Schema and the API do, and still marks 1.5', async () => {
    const manifest = (index: string) =>
      `{"schema":"service.tool/v1","entry":"k","permissions":[],"display":{"layout":"list","icon":"book","color":"blue","primaryColumnIndex":${index},"columns":[{"name":"A","type":"number"}]}}`
    expect(await markedPointers(manifest('0'))).toEqual([])
    expect(await markedPointers(manifest('0.0'))).toEqual([])
    expect(await markedPointers(manifest('0.5'))).toEqual(['/display/primaryColumnIndex'])
  })

  it('marks comments and trailing commas as errors: the API parses strict JSON', async () => {
    const markers = await manifestMarkers('{"schema":"service.tool/v1", // note\n}')
    expect(markers.filter((marker) => marker.severity === 'error').length).toBeGreaterThanOrEqual(2)
  })
})

describe('completion', () => {
  it('offers the schema’s property names inside the manifest object, with their places', async () => {
    const text = '{\n  \n}'
    const { items } = await manifestCompletions(text, 4)
    const labels = items.map((item) => item.label)
    expect(labels).toEqual(expect.arrayContaining(['schema', 'entry', 'permissions', 'display']))
    const schema = items.find((item) => item.label === 'schema')
    expect(schema).toMatchObject({ kind: 'property', filterText: '"schema"', from: 4, to: 4 })
    // Tab stops in the braced form the editor's snippets take.
    expect(schema?.insert).not.toMatch(/\$\d/)
  })

  it('offers the allowed values of an enum', async () => {
    const text = '{"display":{"layout": }}'
    const { items } = await manifestCompletions(text, text.indexOf(': ') + 2)
    expect(items.map((item) => item.label)).toEqual(expect.arrayContaining(['"table"', '"list"', '"timer"']))
  })
})

describe('hover', () => {
  it('describes a property from the schema, as text, over the property’s name', async () => {
    const text = '{"schema":"service.tool/v1"}'
    const hover = await manifestHover(text, 3)
    // The schema's own words, without the Markdown escapes the service adds.
    expect(hover?.text).toContain('must equal "service.tool/v1".')
    expect(hover).toMatchObject({ from: 1, to: 9 })
  })

  it('has nothing to say outside the document’s values', async () => {
    expect(await manifestHover('{}  ', 3)).toBeNull()
  })
})

/**
 * The editor's JSON language, run in Node exactly as the page runs it:
 * Monaco's own JSON worker class with the manifest editor's settings. Its
 * error markers land on the places the API reports for every corpus manifest.
 */
import { describe, expect, it } from 'vitest'
import { parseManifestText } from '../../src/app/editor/document/manifestText.ts'
import { withoutFalseIntegerMarkers } from '../../src/app/editor/language/integerMarkers.ts'
import { locateMarkers } from '../../src/app/editor/validation/editorMarkers.ts'
import { corpusText, manifestCorpus, unique } from '../support/manifestCorpus.ts'
import { monacoWorkerMarkers } from './support/monacoJsonWorker.ts'

/** The markers the editor shows for `text`: the worker's, less the integer markers JSON Schema would not raise. */
async function editorMarkers(text: string) {
  return withoutFalseIntegerMarkers(text, await monacoWorkerMarkers(text))
}

async function markedPointers(text: string): Promise<string[]> {
  return unique(locateMarkers(text, parseManifestText(text).tree, await editorMarkers(text)).map((marker) => marker.pointer))
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
    // Without the filter the worker marks 0.0: the filter is what makes the editor agree.
    expect((await monacoWorkerMarkers(manifest('0.0'))).map((marker) => marker.message)).toEqual([expect.stringMatching(/integer/)])
    expect(await markedPointers(manifest('0.5'))).toEqual(['/display/primaryColumnIndex'])
  })

  it('marks comments and trailing commas as errors: the API parses strict JSON', async () => {
    const markers = await editorMarkers('{"schema":"service.tool/v1", // note\n}')
    expect(markers.filter((marker) => marker.severity === 'error').length).toBeGreaterThanOrEqual(2)
  })

  it('never asks for a schema it was not given: `$schema` naming another address is not fetched', async () => {
    const text = '{"$schema":"https://example.invalid/schema.json","schema":"service.tool/v1"}'
    const markers = await editorMarkers(text)
    expect(markers.some((marker) => /example\.invalid/.test(marker.message))).toBe(false)
  })
})

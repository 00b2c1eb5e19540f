import { manifestCorpus as corpus, unique } from '../support/manifestCorpus.ts'
import { openEditorWithKey, openManifestFile, readVerdicts } from './editorSteps.ts'
import { expect, test } from './support/fixtures.ts'

test('the corpus covers at least 30 manifests, valid and invalid', () => {
  expect(corpus.length).toBeGreaterThanOrEqual(30)
  expect(corpus.some((entry) => entry.valid)).toBe(true)
  expect(corpus.some((entry) => !entry.valid)).toBe(true)
})

test('for every corpus manifest, the editor marks exactly the places the API reports', async ({ page }) => {
  test.setTimeout(240_000)
  await openEditorWithKey(page)
  for (const entry of corpus) {
    await test.step(`${entry.file}: ${entry.rule}`, async () => {
      await openManifestFile(page, `corpus/${entry.file}`)
      const verdicts = await readVerdicts(page)
      const message = `${entry.file} (${entry.rule})`
      expect(verdicts.status, message).toBe(entry.valid ? 'valid' : 'invalid')
      // valid ⇔ no error markers, and the set of invalid places is the same on both sides.
      expect(unique(verdicts.editorPointers), message).toEqual(unique(verdicts.apiPointers))
      expect(unique(verdicts.apiPointers), message).toEqual(unique(entry.pointers))
      await expect(page.getByTestId('agreement'), message).toHaveText('Editor markers and the API verdict agree.')
    })
  }
})

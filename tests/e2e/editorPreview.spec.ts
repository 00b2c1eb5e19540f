import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { COLUMN_TYPES, DISPLAY_LAYOUTS } from '../../src/api/contract/manifestSchema.ts'
import { MANIFEST_FIXTURES } from '../support/manifestCorpus.ts'
import { openEditorWithKey, openManifestFile } from './editorSteps.ts'
import { expect, test } from './support/fixtures.ts'

interface FixtureColumn {
  name: string
  type: string
}

function columnsOf(file: string): FixtureColumn[] {
  const manifest = JSON.parse(readFileSync(join(MANIFEST_FIXTURES, file), 'utf8')) as { display: { columns: FixtureColumn[] } }
  return manifest.display.columns
}

test('previews each of the six layouts with every column, and together all 15 column types', async ({ page }) => {
  await openEditorWithKey(page)
  const seenTypes = new Set<string>()
  for (const layout of DISPLAY_LAYOUTS) {
    await test.step(layout, async () => {
      const file = `corpus/valid-layout-${layout}.json`
      await openManifestFile(page, file)
      const digest = (await page.getByTestId('editor-status').locator('.digest').textContent()) ?? ''
      const preview = page.getByTestId('preview')
      await expect(preview).toHaveAttribute('data-digest', digest)
      const mock = preview.getByTestId('display-mock')
      await expect(mock).toHaveAttribute('data-layout', layout)
      await expect(mock.locator('.mock-layout-name')).toHaveText(layout)
      await expect(preview.getByRole('heading', { name: 'Safety boundary' })).toBeVisible()
      await expect(preview).toContainText('Runs no code')
      await expect(preview).toContainText('account, health, school, family')
      for (const column of columnsOf(file)) {
        await expect(mock, `${layout}: column ${column.name}`).toContainText(column.name)
        seenTypes.add(column.type)
      }
      const specTypes = await preview.locator('.column-spec tbody td:nth-child(3)').allTextContents()
      expect(specTypes).toEqual(columnsOf(file).map((column) => column.type))
    })
  }
  expect([...seenTypes].sort()).toEqual([...COLUMN_TYPES].sort())
})

test('explains each permission and the consequence class for a reviewer', async ({ page }) => {
  await openEditorWithKey(page)
  await openManifestFile(page, 'corpus/valid-layout-habit.json')
  const preview = page.getByTestId('preview')
  await expect(preview.getByRole('heading', { name: 'Permissions (2)' })).toBeVisible()
  await expect(preview).toContainText('profile.read')
  await expect(preview).toContainText("The developer project's identity")
  await expect(preview).toContainText('The published learning catalogue')
  await expect(preview.locator('.consequence')).toHaveText('C2')
  await expect(preview).toContainText('Significant consequence')
})

test('opens, validates and previews manifests full of script and HTML payloads without running any of them', async ({ page, watch }) => {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  // Every payload sets this flag if it ever runs; it must still be false at the end.
  await page.addInitScript(() => {
    ;(window as unknown as { __xssFired: unknown }).__xssFired = false
  })
  await openEditorWithKey(page)
  const fired = () => page.evaluate(() => (window as unknown as { __xssFired?: unknown }).__xssFired)

  await openManifestFile(page, 'hostile/hostile-valid.json')
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'valid')
  const preview = page.getByTestId('preview')
  await expect(preview.getByTestId('display-mock')).toBeVisible()
  // Shown as the text it is, in the title, the entry, the summary and the columns.
  await expect(preview.locator('.preview-head h4')).toContainText('<img src=x onerror="window.__xssFired=1;alert(1)">')
  await expect(preview).toContainText('<script>window.__xssFired=1;alert(2)</script>')
  await expect(preview).toContainText('</script><script>window.__xssFired=1</script>')
  await expect(preview.getByTestId('display-mock')).toContainText('javascript:window.__xssFired=1;alert(3)')

  await openManifestFile(page, 'hostile/hostile-invalid.json')
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'invalid')
  await expect(page.getByTestId('problems')).toContainText('property "<img src=x onerror="window.__xssFired=1;alert(1)">" is not allowed')
  await expect(page.getByTestId('agreement')).toHaveText('Editor markers and the API verdict agree.')

  // Nothing from the manifests became markup, a link, or a request.
  const panel = page.locator('.editor-panel')
  await expect(panel.locator('img, iframe, script, svg[onload], a[href^="javascript"], style')).toHaveCount(0)
  await expect(page.locator('.editor-preview a')).toHaveCount(0)
  expect(watch.requests.filter((url) => new URL(url).pathname.endsWith('/x'))).toEqual([])
  expect(dialogs).toEqual([])
  expect(await fired()).toBe(false)
})

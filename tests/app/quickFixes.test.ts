import { beforeAll, describe, expect, it } from 'vitest'
import { SAMPLE_MANIFEST } from '../../src/api/core.ts'
import { parseManifestText } from '../../src/app/editor/document/manifestText.ts'
import { BROKEN_TEMPLATES } from '../../src/app/editor/templates/starterTemplates.ts'
import { applyEdit, quickFixes } from '../../src/app/editor/validation/quickFixes.ts'
import { type Problem, toValidationOutcome } from '../../src/app/editor/validation/validationOutcome.ts'
import { openTestSandbox, type TestSandbox } from './support/sandbox.ts'

let sandbox: TestSandbox
let key: string
beforeAll(async () => {
  sandbox = await openTestSandbox()
  key = (await sandbox.sandbox.workspace.issueKey({ scopes: ['tools.validate'] })).key
})

/** The API's problems for a manifest text, as the editor reads them. */
async function problemsOf(text: string): Promise<Problem[]> {
  const outcome = toValidationOutcome(await sandbox.client.validateTool(JSON.parse(text), { key }))
  return outcome.kind === 'invalid' ? outcome.problems : []
}

/** Validates `manifest`, applies the first fix offered for the problem at `pointer`, and validates again. */
async function fixFirst(manifest: unknown, pointer: string) {
  const text = JSON.stringify(manifest, null, 2)
  const problem = (await problemsOf(text)).find((candidate) => candidate.pointer === pointer)
  if (!problem) throw new Error(`Failed to find a problem at "${pointer}": the API reported none`)
  const fixes = quickFixes(text, parseManifestText(text).tree, problem)
  const [first] = fixes
  if (!first) throw new Error(`Failed to fix "${pointer}": no fix offered`)
  const fixed = applyEdit(text, first.edit)
  expect(parseManifestText(fixed).ok).toBe(true)
  return { fixes, fixed, after: await problemsOf(fixed) }
}

const display = SAMPLE_MANIFEST.display ?? { layout: 'list', icon: 'book', color: 'blue', columns: [] }

describe('quick fixes, checked by the API itself', () => {
  it('adds a missing field at the indentation of its siblings', async () => {
    const { schema, permissions } = SAMPLE_MANIFEST
    const { fixes, fixed, after } = await fixFirst({ schema, permissions }, '')
    expect(fixes[0]?.title).toBe('Add "entry": "my-tool"')
    expect(fixed).toMatch(/\],\n {2}"entry": "my-tool"\n}$/)
    expect(after).toEqual([])
  })

  it('offers the nearest allowed values for a wrong enum value, the likeliest first', async () => {
    const { fixes, after } = await fixFirst({ ...SAMPLE_MANIFEST, display: { ...display, layout: 'tabel' } }, '/display/layout')
    expect(fixes.map((fix) => fix.title)[0]).toBe('Change to "table"')
    expect(fixes.length).toBeLessThanOrEqual(5)
    expect(after).toEqual([])
  })

  it('puts an out-of-range index back to the largest allowed', async () => {
    const { fixes, after } = await fixFirst(
      { ...SAMPLE_MANIFEST, display: { ...display, primaryColumnIndex: 40 } },
      '/display/primaryColumnIndex',
    )
    expect(fixes[0]?.title).toBe('Change to 23, the largest allowed')
    expect(after).toEqual([])
  })

  it('removes the columns past the 24th', async () => {
    const columns = Array.from({ length: 27 }, (_, index) => ({ name: `Column ${index + 1}`, type: 'text' }))
    const { fixes, fixed, after } = await fixFirst({ ...SAMPLE_MANIFEST, display: { ...display, columns } }, '/display/columns')
    expect(fixes[0]?.title).toBe('Remove the last 3 items, keeping 24')
    expect(JSON.parse(fixed).display.columns).toHaveLength(24)
    expect(after).toEqual([])
  })

  it('puts the one allowed value back where the contract names a constant (the schema)', async () => {
    const { fixes, after } = await fixFirst({ ...SAMPLE_MANIFEST, schema: 'service.tool/v2' }, '/schema')
    expect(fixes.map((fix) => fix.title)).toEqual(['Change to "service.tool/v1"'])
    expect(after).toEqual([])
  })

  it('removes a property the display does not allow, with its comma, wherever it sits', async () => {
    for (const [place, extra] of [
      ['first', { script: 'alert(1)', ...display }],
      ['last', { ...display, script: 'alert(1)' }],
    ] as const) {
      const { fixes, fixed, after } = await fixFirst({ ...SAMPLE_MANIFEST, display: extra }, '/display/script')
      expect(
        fixes.map((fix) => fix.title),
        place,
      ).toEqual(['Remove "script"'])
      expect(JSON.parse(fixed).display, place).toEqual(display)
      expect(after, place).toEqual([])
    }
  })

  it('wraps a lone permission in an array, as the "Permissions as a string" template teaches', async () => {
    const template = BROKEN_TEMPLATES.find((each) => each.label === 'Permissions as a string')
    if (!template) throw new Error('Failed to find the template "Permissions as a string": it was renamed or removed')
    const { fixes, fixed, after } = await fixFirst(template.manifest, '/permissions')
    expect(fixes.map((fix) => fix.title)).toEqual(['Wrap in an array'])
    expect(JSON.parse(fixed).permissions).toEqual(['profile.read'])
    expect(after).toEqual([])
  })

  it('offers nothing it cannot do safely', () => {
    const text = '{"schema":"x"}'
    expect(
      quickFixes(text, parseManifestText(text).tree, { pointer: '/schema', keyword: 'const', message: 'must be equal to constant' }),
    ).toEqual([])
  })
})

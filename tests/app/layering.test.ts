/**
 * The playground's floor plan, proven the way `npm run lint` proves it: each
 * probe file imports across one fence, and Biome (with the project's own
 * biome.json) must refuse exactly the imports that point up or sideways.
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))

/** [file that imports, what it imports, whether the floor plan allows it] */
const CASES: [string, string, boolean][] = [
  ['src/app/console/probe.ts', '../data/dataStore.ts', false],
  ['src/app/webhookTools/probe.ts', '../editor/EditorPanel.tsx', false],
  ['src/app/editor/preview/layouts/probe.ts', '../../../workspace/IssueKeyForm.tsx', false],
  ['src/app/settings/probe.ts', '../frame/App.tsx', false],
  ['src/app/ui/probe.ts', '../console/ConsolePanel.tsx', false],
  ['src/app/ui/probe.ts', '../state/clock.ts', false],
  ['src/app/state/probe.ts', '../workspace/WorkspacePanel.tsx', false],
  ['src/app/state/keys/probe.ts', '../../frame/Header.tsx', false],
  ['src/app/data/probe.ts', '../../embed/examples.ts', false],
  ['src/embed/run/probe.ts', '../../app/ui/format.ts', false],
  ['src/runtime/probe.ts', '../app/state/clock.ts', false],
  ['src/app/console/probe.ts', '../state/clock.ts', true],
  ['src/app/console/probe.ts', '../ui/format.ts', true],
  ['src/app/state/keys/probe.ts', '../../ui/KeyGate.tsx', true],
  ['src/app/frame/probe.ts', '../console/ConsolePanel.tsx', true],
  ['src/app/state/runtime/probe.ts', '../../../runtime/within.ts', true],
  ['src/embed/runtime/probe.ts', '../../runtime/within.ts', true],
  // The API reference shares the playground's workspace: its clock, faults and remembered keys, and nothing else.
  ['src/reference/probe.ts', '../app/state/settingsStore.ts', false],
  ['src/reference/probe.ts', '../app/keyPicker/KeyPicker.tsx', false],
  ['src/reference/probe.ts', '../embed/examples.ts', false],
  ['src/reference/probe.ts', '../api/contract/scopes.ts', false],
  ['src/reference/probe.ts', 'react', false],
  ['src/reference/probe.ts', '../app/state/clock.ts', true],
  ['src/reference/probe.ts', '../app/state/faults.ts', true],
  ['src/reference/probe.ts', '../app/state/keys/rememberedKeys.ts', true],
  ['src/reference/probe.ts', '../runtime/within.ts', true],
]

let refused: Map<string, string[]>
let sandboxDir: string

beforeAll(() => {
  sandboxDir = mkdtempSync(join(tmpdir(), 'layering-'))
  copyFileSync(join(root, 'biome.json'), join(sandboxDir, 'biome.json'))
  CASES.forEach(([file, target], index) => {
    const path = join(sandboxDir, file.replace('probe.ts', `probe${index}.ts`))
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, `import { probe } from '${target}'\n\nexport const used = probe\n`)
  })
  let output: string
  try {
    output = execFileSync(join(root, 'node_modules/.bin/biome'), ['lint', '--reporter=json', '.'], {
      cwd: sandboxDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? '')
  }
  const report = JSON.parse(output) as { diagnostics: { category: string; message: string; location: { path: string } }[] }
  refused = new Map()
  for (const diagnostic of report.diagnostics) {
    if (diagnostic.category !== 'lint/style/noRestrictedImports') continue
    refused.set(diagnostic.location.path, [...(refused.get(diagnostic.location.path) ?? []), diagnostic.message])
  }
}, 30_000)

afterAll(() => rmSync(sandboxDir, { recursive: true, force: true }))

describe('the lint fences of the playground and the embed', () => {
  it.each(CASES.map(([file, target, allowed], index) => [file, target, allowed, index] as const))(
    '%s importing %s: allowed %s',
    (file, _target, allowed, index) => {
      const messages = refused.get(file.replace('probe.ts', `probe${index}.ts`)) ?? []
      if (allowed) expect(messages).toEqual([])
      else expect(messages).toHaveLength(1)
    },
  )
})

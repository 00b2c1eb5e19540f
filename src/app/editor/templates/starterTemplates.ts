/**
 * Starting points for the editor: a blank manifest, the library's reviewed
 * manifests, and broken examples that each teach one rule of the
 * service.tool/v1 contract by breaking it.
 */
import { SEED_TOOLS } from '../../../api/core.ts'

export interface StarterTemplate {
  id: string
  label: string
  /** One line on what the example teaches; absent for the blank one. */
  lesson?: string
  manifest: unknown
}

const display = {
  layout: 'list',
  icon: 'checklist',
  color: 'blue',
  columns: [
    { name: 'Task', type: 'text' },
    { name: 'Done', type: 'toggle' },
  ],
}

const base = { schema: 'service.tool/v1', name: 'My tool', version: '0.1.0', entry: 'my-tool', permissions: [] as string[] }

/** The blank manifest: the three required fields and nothing else. */
export const BLANK_TEMPLATE: StarterTemplate = {
  id: 'blank',
  label: 'Blank manifest',
  manifest: { schema: 'service.tool/v1', entry: 'my-tool', permissions: [] },
}

/** Each breaks exactly one rule, so the problems list shows that rule alone. */
export const BROKEN_TEMPLATES: readonly StarterTemplate[] = [
  {
    id: 'wrong-contract',
    label: 'Wrong contract version',
    lesson: '"schema" must be exactly "service.tool/v1"; no other version is accepted.',
    manifest: { ...base, schema: 'service.tool/v2' },
  },
  {
    id: 'missing-required',
    label: 'Missing entry and permissions',
    lesson: '"entry" and "permissions" are required, even when the tool needs no permission ([]).',
    manifest: { schema: 'service.tool/v1', name: 'Forgetful tool' },
  },
  {
    id: 'closed-data',
    label: 'Asking for health data',
    lesson: 'Only profile.read and sessions.read exist: account, health, school and family data stay closed.',
    manifest: { ...base, permissions: ['profile.read', 'health.read'] },
  },
  {
    id: 'permission-string',
    label: 'Permissions as a string',
    lesson: '"permissions" is always an array, even for a single permission.',
    manifest: { ...base, permissions: 'profile.read' },
  },
  {
    id: 'consequence',
    label: 'Unknown consequence class',
    lesson: 'The consequence class is C0, C1 or C2; reviewers treat a missing one as C2.',
    manifest: { ...base, consequenceClass: 'C3' },
  },
  {
    id: 'code-in-display',
    label: 'Code in the display',
    lesson: 'A display has only layout, icon, color, primaryColumnIndex and columns: no script, no HTML.',
    manifest: { ...base, display: { ...display, script: 'alert(document.cookie)' } },
  },
  {
    id: 'icon-url',
    label: 'An icon URL',
    lesson: 'An icon is a name of 2 to 80 characters of a-z, 0-9, "." and "-", never a URL.',
    manifest: { ...base, display: { ...display, icon: 'https://cdn.example/icon.png' } },
  },
  {
    id: 'html-column',
    label: 'An HTML column',
    lesson: 'Column types are a fixed set of 15 native cells; there is no html or custom cell.',
    manifest: { ...base, display: { ...display, columns: [{ name: 'Body', type: 'html' }] } },
  },
  {
    id: 'no-columns',
    label: 'A display without columns',
    lesson: 'A display needs 1 to 24 columns.',
    manifest: { ...base, display: { ...display, columns: [] } },
  },
  {
    id: 'primary-index',
    label: 'Primary column out of range',
    lesson: '"primaryColumnIndex" is a whole number from 0 to 23.',
    manifest: { ...base, display: { ...display, primaryColumnIndex: 24 } },
  },
  {
    id: 'empty-column-name',
    label: 'A nameless column',
    lesson: 'Column names are 1 to 80 characters long.',
    manifest: { ...base, display: { ...display, columns: [{ name: '', type: 'text' }] } },
  },
  {
    id: 'unknown-color',
    label: 'A colour outside the palette',
    lesson: 'Colours come from a palette of 12 names (red … brown), not hex codes.',
    manifest: { ...base, display: { ...display, color: '#ff0000' } },
  },
]

/** Pretty-printed the way the editor shows every template. */
export function templateText(manifest: unknown): string {
  return `${JSON.stringify(manifest, null, 2)}\n`
}

/**
 * The library's reviewed manifests, the ones GET /tools lists. They are the
 * core's static catalogue (a reset keeps it), so the picker offers them at
 * once, with or without a key, instead of after a request.
 */
export const LIBRARY_TEMPLATES: readonly StarterTemplate[] = SEED_TOOLS.map((tool) => ({
  id: tool.id,
  label: tool.manifest.name ?? tool.id,
  manifest: tool.manifest,
}))

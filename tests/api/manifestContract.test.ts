/** The service.tool/v1 contract rule by rule, the 422 that lists every violation, and the digest. */
import { createHash } from 'node:crypto'
import canonicalize from 'canonicalize'
import { beforeAll, describe, expect, it } from 'vitest'
import { SCOPES } from '../../src/api/index.ts'
import { expectProblem, type ProblemBody, rawJson, VALID_MANIFEST } from './support/contract.ts'
import { makeSandbox } from './support/harness.ts'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Manifest = { [key: string]: Json }

const base = (): Manifest => structuredClone(VALID_MANIFEST) as unknown as Manifest
const REMOVE = Symbol('remove')

/** A copy of the valid manifest with the value at a dotted path replaced (or removed). */
function variant(path: string, value: Json | typeof REMOVE): Manifest {
  const manifest = base()
  const steps = path.split('.')
  const last = steps.pop() as string
  let parent: Json = manifest
  for (const step of steps) parent = (parent as Record<string, Json>)[step] as Json
  if (value === REMOVE) delete (parent as Record<string, Json>)[last]
  else (parent as Record<string, Json>)[last] = value
  return manifest
}

const emoji = (count: number) => '😀'.repeat(count)
const columns = (count: number): Json => Array.from({ length: count }, (_, i) => ({ name: `Column ${i}`, type: 'text' }))
const COLUMN_TYPES = [
  'text',
  'number',
  'toggle',
  'date',
  'rating',
  'select',
  'timer',
  'photo',
  'progress',
  'currency',
  'unit',
  'multiSelect',
  'link',
  'color',
  'location',
]
const LAYOUTS = ['table', 'routine', 'habit', 'counter', 'list', 'timer']
const COLORS = ['red', 'orange', 'yellow', 'green', 'mint', 'teal', 'cyan', 'blue', 'indigo', 'purple', 'pink', 'brown']

const VALID: [string, Manifest][] = [
  ['the full example', base()],
  ['only the required fields', { schema: 'service.tool/v1', entry: 'e', permissions: [] }],
  ['an empty entry string', variant('entry', '')],
  ['no display at all', variant('display', REMOVE)],
  ['only profile.read', variant('permissions', ['profile.read'])],
  ['only sessions.read', variant('permissions', ['sessions.read'])],
  ...['C0', 'C1', 'C2'].map((value): [string, Manifest] => [`consequenceClass ${value}`, variant('consequenceClass', value)]),
  ...LAYOUTS.map((value): [string, Manifest] => [`layout ${value}`, variant('display.layout', value)]),
  ...COLORS.map((value): [string, Manifest] => [`color ${value}`, variant('display.color', value)]),
  ...COLUMN_TYPES.map((value): [string, Manifest] => [`column type ${value}`, variant('display.columns', [{ name: 'C', type: value }])]),
  ['a 2-character icon', variant('display.icon', 'ab')],
  ['an 80-character icon', variant('display.icon', `a.-0${'z'.repeat(76)}`)],
  ['primaryColumnIndex 0', variant('display.primaryColumnIndex', 0)],
  ['primaryColumnIndex 23', variant('display.primaryColumnIndex', 23)],
  ['no primaryColumnIndex', variant('display.primaryColumnIndex', REMOVE)],
  ['1 column', variant('display.columns', columns(1))],
  ['24 columns', variant('display.columns', columns(24))],
  ['a 1-character column name', variant('display.columns', [{ name: 'x', type: 'text' }])],
  ['an 80-character column name', variant('display.columns', [{ name: 'n'.repeat(80), type: 'text' }])],
  ['a column name of 80 emoji (160 UTF-16 units)', variant('display.columns', [{ name: emoji(80), type: 'text' }])],
  ['empty options', variant('display.columns', [{ name: 'S', type: 'select', options: [] }])],
  ['options, section and unit', variant('display.columns', [{ name: 'S', type: 'unit', options: ['a', ''], section: 's', unit: 'kg' }])],
  ['inputs and outputs of any inner shape', variant('inputs', { a: [1, { b: null }], c: 'd' })],
  ['empty inputs and outputs', { ...variant('inputs', {}), outputs: {} }],
  ['a top-level property the contract does not name (only display is closed)', variant('x-note', 'kept')],
]

type Expected = [pointer: string, keyword: string][]
const INVALID: [string, Json, Expected][] = [
  ['an array manifest', [], [['/manifest', 'type']]],
  ['a string manifest', 'service.tool/v1', [['/manifest', 'type']]],
  ['a null manifest', null, [['/manifest', 'type']]],
  [
    'an empty manifest',
    {},
    [
      ['/manifest', 'required'],
      ['/manifest', 'required'],
      ['/manifest', 'required'],
    ],
  ],
  ['a missing schema', variant('schema', REMOVE), [['/manifest', 'required']]],
  ['another schema version', variant('schema', 'service.tool/v2'), [['/manifest/schema', 'const']]],
  ['the schema in another case', variant('schema', 'SERVICE.TOOL/V1'), [['/manifest/schema', 'const']]],
  ['a missing entry', variant('entry', REMOVE), [['/manifest', 'required']]],
  ['a numeric entry', variant('entry', 42), [['/manifest/entry', 'type']]],
  ['a missing permissions list', variant('permissions', REMOVE), [['/manifest', 'required']]],
  ['permissions as a string', variant('permissions', 'profile.read'), [['/manifest/permissions', 'type']]],
  ...['account.read', 'health.read', 'school.read', 'family.read', 'tools.read', 'status.read', ''].map(
    (permission): [string, Json, Expected] => [
      `the permission "${permission}"`,
      variant('permissions', ['profile.read', permission]),
      [['/manifest/permissions/1', 'enum']],
    ],
  ),
  ['a numeric name', variant('name', 1), [['/manifest/name', 'type']]],
  ['a numeric version', variant('version', 1.5), [['/manifest/version', 'type']]],
  ['an array summary', variant('summary', []), [['/manifest/summary', 'type']]],
  ['consequenceClass C3', variant('consequenceClass', 'C3'), [['/manifest/consequenceClass', 'enum']]],
  ['consequenceClass in lower case', variant('consequenceClass', 'c1'), [['/manifest/consequenceClass', 'enum']]],
  ['array inputs', variant('inputs', []), [['/manifest/inputs', 'type']]],
  ['null outputs', variant('outputs', null), [['/manifest/outputs', 'type']]],
  ['an array display', variant('display', []), [['/manifest/display', 'type']]],
  ...['layout', 'icon', 'color', 'columns'].map((property): [string, Json, Expected] => [
    `a display without ${property}`,
    variant(`display.${property}`, REMOVE),
    [['/manifest/display', 'required']],
  ]),
  ...['script', 'onLoad', 'html'].map((property): [string, Json, Expected] => [
    `a display with "${property}"`,
    variant(`display.${property}`, 'alert(1)'),
    [[`/manifest/display/${property}`, 'additionalProperties']],
  ]),
  ['layout grid', variant('display.layout', 'grid'), [['/manifest/display/layout', 'enum']]],
  ['color black', variant('display.color', 'black'), [['/manifest/display/color', 'enum']]],
  ['color in another case', variant('display.color', 'Blue'), [['/manifest/display/color', 'enum']]],
  ...[
    ['1 character', 'a'],
    ['81 characters', 'a'.repeat(81)],
    ['upper case', 'Book'],
    ['a space', 'book closed'],
    ['a slash', 'book/closed'],
    ['an underscore', 'book_closed'],
    ['no characters', ''],
    ['a non-ASCII letter', 'caf\u00e9'],
  ].map(([name, icon]): [string, Json, Expected] => [
    `an icon with ${name}`,
    variant('display.icon', icon as string),
    [['/manifest/display/icon', 'pattern']],
  ]),
  ['a numeric icon', variant('display.icon', 5), [['/manifest/display/icon', 'type']]],
  ['primaryColumnIndex -1', variant('display.primaryColumnIndex', -1), [['/manifest/display/primaryColumnIndex', 'minimum']]],
  ['primaryColumnIndex 24', variant('display.primaryColumnIndex', 24), [['/manifest/display/primaryColumnIndex', 'maximum']]],
  ['primaryColumnIndex 1.5', variant('display.primaryColumnIndex', 1.5), [['/manifest/display/primaryColumnIndex', 'type']]],
  ['primaryColumnIndex "0"', variant('display.primaryColumnIndex', '0'), [['/manifest/display/primaryColumnIndex', 'type']]],
  ['no columns', variant('display.columns', []), [['/manifest/display/columns', 'minItems']]],
  ['25 columns', variant('display.columns', columns(25)), [['/manifest/display/columns', 'maxItems']]],
  ['columns as an object', variant('display.columns', { name: 'x', type: 'text' }), [['/manifest/display/columns', 'type']]],
  ['a column that is a string', variant('display.columns', ['Title']), [['/manifest/display/columns/0', 'type']]],
  ['a column without name', variant('display.columns', [{ type: 'text' }]), [['/manifest/display/columns/0', 'required']]],
  ['a column without type', variant('display.columns', [{ name: 'x' }]), [['/manifest/display/columns/0', 'required']]],
  ['an empty column name', variant('display.columns', [{ name: '', type: 'text' }]), [['/manifest/display/columns/0/name', 'minLength']]],
  [
    'an 81-character column name',
    variant('display.columns', [{ name: 'n'.repeat(81), type: 'text' }]),
    [['/manifest/display/columns/0/name', 'maxLength']],
  ],
  [
    'a column name of 81 emoji',
    variant('display.columns', [{ name: emoji(81), type: 'text' }]),
    [['/manifest/display/columns/0/name', 'maxLength']],
  ],
  ['a numeric column name', variant('display.columns', [{ name: 1, type: 'text' }]), [['/manifest/display/columns/0/name', 'type']]],
  ['column type video', variant('display.columns', [{ name: 'x', type: 'video' }]), [['/manifest/display/columns/0/type', 'enum']]],
  [
    'column type in another case',
    variant('display.columns', [{ name: 'x', type: 'Text' }]),
    [['/manifest/display/columns/0/type', 'enum']],
  ],
  [
    'options as a string',
    variant('display.columns', [{ name: 'x', type: 'select', options: 'a,b' }]),
    [['/manifest/display/columns/0/options', 'type']],
  ],
  [
    'a numeric option',
    variant('display.columns', [{ name: 'x', type: 'select', options: ['a', 2] }]),
    [['/manifest/display/columns/0/options/1', 'type']],
  ],
  [
    'a numeric section',
    variant('display.columns', [{ name: 'x', type: 'text', section: 1 }]),
    [['/manifest/display/columns/0/section', 'type']],
  ],
  ['a numeric unit', variant('display.columns', [{ name: 'x', type: 'unit', unit: 1 }]), [['/manifest/display/columns/0/unit', 'type']]],
]

const byRule = (a: { pointer: string; keyword: string; message: string }, b: { pointer: string; keyword: string; message: string }) =>
  a.pointer < b.pointer
    ? -1
    : a.pointer > b.pointer
      ? 1
      : a.keyword < b.keyword
        ? -1
        : a.keyword > b.keyword
          ? 1
          : a.message < b.message
            ? -1
            : a.message > b.message
              ? 1
              : 0

let send: (path: string, body: string, requestId?: string) => Promise<{ status: number; headers: Headers; body: unknown; text: string }>

beforeAll(async () => {
  // One key per test would be slow; the clock moves a minute per request so the rate limit never interferes.
  const { sandbox, issue, clock } = await makeSandbox()
  const { key } = await issue(SCOPES)
  send = async (path, body, requestId) => {
    clock.advance(60_000)
    const init = rawJson(body)
    const headers = new Headers(init.headers)
    headers.set('Authorization', `Bearer ${key}`)
    if (requestId) headers.set('X-Request-ID', requestId)
    const response = await sandbox.handle(new Request(`http://sandbox.test/api/developer/v1${path}`, { ...init, headers }))
    const text = await response.text()
    return { status: response.status, headers: response.headers, body: JSON.parse(text) as unknown, text }
  }
})

const validate = (manifest: Json, requestId?: string) => send('/tools/validate', JSON.stringify({ manifest }), requestId)

describe('valid manifests', () => {
  it.each(VALID)('accepts %s with 200 on validate and preview', async (_name, manifest) => {
    const validated = await validate(manifest)
    expect(validated.status, JSON.stringify(validated.body)).toBe(200)
    expect((await send('/tools/preview', JSON.stringify({ manifest }))).status).toBe(200)
  })
})

describe('invalid manifests', () => {
  it.each(INVALID)('refuses %s with 422 naming each broken rule', async (_name, manifest, expected) => {
    const result = await validate(manifest)
    const problem = expectProblem(result, 422, 'manifest_invalid')
    expect(problem.errors?.map((error) => [error.pointer, error.keyword])).toEqual(expected)
    for (const error of problem.errors ?? []) expect(error.message.length).toBeGreaterThan(0)
    const previewed = await send('/tools/preview', JSON.stringify({ manifest }))
    expect(expectProblem(previewed, 422, 'manifest_invalid').errors).toEqual(problem.errors)
  })

  it('names the missing property in each "required" message', async () => {
    const problem = (await validate({})).body as ProblemBody
    expect(problem.errors?.map((error) => error.message)).toEqual([
      'must have required property "entry"',
      'must have required property "permissions"',
      'must have required property "schema"',
    ])
  })

  it('lists the allowed values in an enum message', async () => {
    const problem = (await validate(variant('permissions', ['health.read']))).body as ProblemBody
    expect(problem.errors?.[0]?.message).toContain('"profile.read", "sessions.read"')
  })

  it('lists every violation of a manifest that breaks many rules, sorted by pointer, keyword and message', async () => {
    const manifest: Json = {
      schema: 'service.tool/v0',
      permissions: ['health.read', 'profile.read', 'family.read'],
      consequenceClass: 'C9',
      display: {
        layout: 'grid',
        icon: 'X',
        color: 'black',
        primaryColumnIndex: 99,
        script: 'alert(1)',
        columns: [{ name: '', type: 'video' }, { type: 'text' }, { name: 'ok', type: 'select', options: [1] }],
      },
    }
    const problem = expectProblem(await validate(manifest), 422, 'manifest_invalid')
    const errors = problem.errors ?? []
    expect(errors.map((error) => [error.pointer, error.keyword])).toEqual([
      ['/manifest', 'required'],
      ['/manifest/consequenceClass', 'enum'],
      ['/manifest/display/color', 'enum'],
      ['/manifest/display/columns/0/name', 'minLength'],
      ['/manifest/display/columns/0/type', 'enum'],
      ['/manifest/display/columns/1', 'required'],
      ['/manifest/display/columns/2/options/0', 'type'],
      ['/manifest/display/icon', 'pattern'],
      ['/manifest/display/layout', 'enum'],
      ['/manifest/display/primaryColumnIndex', 'maximum'],
      ['/manifest/display/script', 'additionalProperties'],
      ['/manifest/permissions/0', 'enum'],
      ['/manifest/permissions/2', 'enum'],
      ['/manifest/schema', 'const'],
    ])
    expect(errors).toEqual([...errors].sort(byRule))
    expect(problem.detail).toContain('14')
  })

  it('answers the same manifest with byte-identical bodies, whatever its key order (same X-Request-ID)', async () => {
    const manifest: Manifest = {
      schema: 'nope',
      entry: 3,
      permissions: ['x', 'y'],
      display: { columns: [], icon: '!', layout: 'grid', color: 'black', extra: true },
    }
    const reordered: Manifest = {
      display: { extra: true, color: 'black', layout: 'grid', icon: '!', columns: [] },
      permissions: ['x', 'y'],
      entry: 3,
      schema: 'nope',
    }
    const first = await validate(manifest, 'fixed-id')
    const second = await validate(manifest, 'fixed-id')
    const third = await validate(reordered, 'fixed-id')
    expect(first.status).toBe(422)
    expect(second.text).toBe(first.text)
    expect(third.text).toBe(first.text)
  })
})

describe('the digest', () => {
  const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
  const expectedDigest = (manifest: unknown) => sha256(canonicalize(manifest) as string)

  it('is the SHA-256 of the RFC 8785 canonical JSON (checked against a hand-written canonical form)', async () => {
    const manifest = { schema: 'service.tool/v1', permissions: [], entry: 'e' }
    const result = await validate(manifest)
    expect(result.body).toEqual({
      valid: true,
      schema: 'service.tool/v1',
      digest: sha256('{"entry":"e","permissions":[],"schema":"service.tool/v1"}'),
    })
  })

  it('equals canonicalize + node:crypto for a manifest with numbers, Unicode keys and nesting', async () => {
    const body = `{"manifest":{"schema":"service.tool/v1","entry":"e","permissions":["sessions.read"],
      "inputs":{"z":1.0,"\u00e9":1e2,"a":{"n":-0.000001,"big":1e21,"\u20ac":"caf\u00e9 \\u00e9 😀","\ud83d\ude00":[true,null,0.1]}}}}`
    const result = await send('/tools/validate', body)
    expect(result.status).toBe(200)
    const parsed = JSON.parse(body) as { manifest: unknown }
    expect((result.body as { digest: string }).digest).toBe(expectedDigest(parsed.manifest))
  })

  it('does not change with key order, at any depth', async () => {
    const manifest = base()
    const reordered = JSON.parse(
      JSON.stringify(manifest, (_key, value: Json) => {
        if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
        return Object.fromEntries(Object.entries(value).reverse())
      }),
    ) as Manifest
    expect(Object.keys(reordered)[0]).toBe('display')
    const first = (await validate(manifest)).body as { digest: string }
    const second = (await validate(reordered)).body as { digest: string }
    expect(second.digest).toBe(first.digest)
    expect(first.digest).toBe(expectedDigest(manifest))
  })

  it('changes when any value changes, including array order', async () => {
    const digests = new Set<string>()
    for (const manifest of [
      base(),
      variant('entry', 'reading-list-2'),
      variant('permissions', ['sessions.read', 'profile.read']),
      variant('display.columns', [{ name: 'Title', type: 'text' }]),
    ]) {
      digests.add(((await validate(manifest)).body as { digest: string }).digest)
    }
    expect(digests.size).toBe(4)
  })
})

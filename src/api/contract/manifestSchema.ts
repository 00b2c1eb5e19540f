import type { FromSchema } from 'json-schema-to-ts'

/**
 * The `service.tool/v1` manifest contract as one JSON Schema (draft 2020-12).
 * It is the single source for the API's validator, the editor's completion and
 * markers, and the OpenAPI document, so the three can never disagree.
 */

export const MANIFEST_PERMISSIONS = ['profile.read', 'sessions.read'] as const
export const CONSEQUENCE_CLASSES = ['C0', 'C1', 'C2'] as const
export const DISPLAY_LAYOUTS = ['table', 'routine', 'habit', 'counter', 'list', 'timer'] as const
export const DISPLAY_COLORS = [
  'red',
  'orange',
  'yellow',
  'green',
  'mint',
  'teal',
  'cyan',
  'blue',
  'indigo',
  'purple',
  'pink',
  'brown',
] as const
export const COLUMN_TYPES = [
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
] as const

export type ManifestPermission = (typeof MANIFEST_PERMISSIONS)[number]
export type ConsequenceClass = (typeof CONSEQUENCE_CLASSES)[number]
export type DisplayLayout = (typeof DISPLAY_LAYOUTS)[number]
export type DisplayColor = (typeof DISPLAY_COLORS)[number]
export type ColumnType = (typeof COLUMN_TYPES)[number]

export const MANIFEST_SCHEMA_URI = 'urn:developer-sandbox:schema:service.tool/v1' as const

const columnSchema = {
  type: 'object',
  description: 'One column of the native display.',
  required: ['name', 'type'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 80, description: 'Column title, 1 to 80 characters.' },
    type: { enum: [...COLUMN_TYPES], description: 'How the column renders its values.' },
    options: { type: 'array', items: { type: 'string' }, description: 'Choices for select and multiSelect.' },
    section: { type: 'string', description: 'Group heading the column belongs to.' },
    unit: { type: 'string', description: 'Unit label for unit and number columns.' },
  },
} as const

const displaySchema = {
  type: 'object',
  description: 'Native layout with no executable code.',
  required: ['layout', 'icon', 'color', 'columns'],
  additionalProperties: false,
  properties: {
    layout: { enum: [...DISPLAY_LAYOUTS], description: 'The native layout the tool renders with.' },
    icon: {
      type: 'string',
      pattern: '^[a-z0-9.-]{2,80}$',
      description: 'Icon name: 2 to 80 characters of a-z, 0-9, "." and "-".',
    },
    color: { enum: [...DISPLAY_COLORS], description: 'Accent color.' },
    primaryColumnIndex: {
      type: 'integer',
      minimum: 0,
      maximum: 23,
      description: 'Index of the column shown first, 0 to 23.',
    },
    columns: { type: 'array', minItems: 1, maxItems: 24, items: columnSchema, description: '1 to 24 columns.' },
  },
} as const

/** The manifest JSON Schema. Keep it declarative: ajv, the editor's JSON language service and OpenAPI all read it. */
export const manifestSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: MANIFEST_SCHEMA_URI,
  title: 'service.tool/v1 manifest',
  description: 'A declarative tool manifest. Nothing in it is ever executed.',
  type: 'object',
  required: ['schema', 'entry', 'permissions'],
  properties: {
    schema: { const: 'service.tool/v1', description: 'Contract identifier; must equal "service.tool/v1".' },
    name: { type: 'string', description: 'Human name of the tool.' },
    version: { type: 'string', description: 'Version of the tool.' },
    entry: { type: 'string', description: 'Entry point identifier. It is reviewed, never run.' },
    summary: { type: 'string', description: 'One-line description for reviewers.' },
    permissions: {
      type: 'array',
      items: { enum: [...MANIFEST_PERMISSIONS] },
      description: 'Data the tool may read: only profile.read and sessions.read. Account, health, school and family data stay closed.',
    },
    consequenceClass: { enum: [...CONSEQUENCE_CLASSES], description: 'C0, C1 or C2: how much an action of the tool can matter.' },
    inputs: { type: 'object', additionalProperties: true, description: 'Inputs; inner shape unconstrained.' },
    outputs: { type: 'object', additionalProperties: true, description: 'Outputs; inner shape unconstrained.' },
    display: displaySchema,
  },
} as const

/** A manifest that passed validation, typed from the schema. */
export type Manifest = FromSchema<typeof manifestSchema>
export type ManifestDisplay = NonNullable<Manifest['display']>
export type ManifestColumn = ManifestDisplay['columns'][number]

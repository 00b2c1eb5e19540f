import type { FromSchema } from 'json-schema-to-ts'
import { COLUMN_TYPES, CONSEQUENCE_CLASSES, DISPLAY_COLORS, DISPLAY_LAYOUTS, MANIFEST_PERMISSIONS } from './manifestSchema.ts'
import { arrayOf, bool, hexDigest, int, nullable, obj, str } from './schemaParts.ts'
import { MANIFEST_SCHEMA_ID } from './version.ts'

const permissionList = arrayOf({ enum: MANIFEST_PERMISSIONS })

const column = obj({
  index: int,
  name: str,
  type: { enum: COLUMN_TYPES },
  primary: bool,
  section: nullable(str),
  unit: nullable(str),
  options: nullable(arrayOf(str)),
})

/** The review package POST /tools/preview answers with: only known fields, every string capped. */
export const previewSchema = obj({
  schema: { const: MANIFEST_SCHEMA_ID },
  digest: hexDigest,
  manifest: obj({
    schema: { const: MANIFEST_SCHEMA_ID },
    name: nullable(str),
    version: nullable(str),
    entry: str,
    summary: nullable(str),
    permissions: permissionList,
    consequenceClass: nullable({ enum: CONSEQUENCE_CLASSES }),
    inputs: nullable(arrayOf(str)),
    outputs: nullable(arrayOf(str)),
  }),
  permissions: arrayOf(obj({ scope: { enum: MANIFEST_PERMISSIONS }, opens: str })),
  consequence: obj({ class: nullable({ enum: CONSEQUENCE_CLASSES }), label: str, explanation: str }),
  display: nullable(
    obj({
      layout: { enum: DISPLAY_LAYOUTS },
      icon: str,
      color: { enum: DISPLAY_COLORS },
      primaryColumnIndex: int,
      sections: arrayOf(str),
      columns: arrayOf(column),
    }),
  ),
  safetyBoundary: obj({
    executesCode: { const: false },
    network: { const: false },
    entry: str,
    permissions: permissionList,
    closedData: arrayOf(str),
  }),
  truncated: bool,
  truncatedPointers: arrayOf(str),
})

/** The preview body, typed from its schema. */
export type PreviewBody = FromSchema<typeof previewSchema>

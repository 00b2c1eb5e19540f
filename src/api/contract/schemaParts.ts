/**
 * Building blocks of the response JSON Schemas. Each keeps its literal type
 * (`as const`), so a body type derived with `FromSchema` is exact.
 */

export const str = { type: 'string' } as const
export const int = { type: 'integer', minimum: 0 } as const
export const bool = { type: 'boolean' } as const
export const dateTime = { type: 'string', format: 'date-time' } as const
export const date = { type: 'string', format: 'date' } as const
export const hexDigest = { type: 'string', pattern: '^[0-9a-f]{64}$' } as const

/** The schema, or `null`. */
export const nullable = <const T extends object>(schema: T) => ({ oneOf: [schema, { type: 'null' }] }) as const

/** An array of one item schema. */
export const arrayOf = <const T extends object>(items: T) => ({ type: 'array', items }) as const

/** A closed object whose every property is required. */
export const obj = <const P extends Record<string, object>>(properties: P) =>
  ({ type: 'object', required: Object.keys(properties) as (keyof P & string)[], additionalProperties: false, properties }) as const

/** The `{ data: [...] }` envelope of every list operation. */
export const list = <const T extends object>(items: T) => obj({ data: arrayOf(items) })

/** A schema without its draft-level keywords, for embedding under OpenAPI components. */
export function stripDraft<T extends { $schema?: string; $id?: string }>(schema: T): Omit<T, '$schema' | '$id'> {
  const { $schema: _schema, $id: _id, ...rest } = schema
  return rest
}

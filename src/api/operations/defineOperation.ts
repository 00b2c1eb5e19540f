import type { FromSchema, JSONSchema } from 'json-schema-to-ts'
import type { BodyKind, BodyOf } from '../contract/bodyKinds.ts'
import type { manifestSchema } from '../contract/manifestSchema.ts'
import type { Scope } from '../contract/scopes.ts'
import type { Tag } from '../contract/tags.ts'
import type { RandomBytes } from '../domain/random.ts'
import type { ReadonlyRecord } from '../domain/readonlyRecord.ts'
import type { KeyRecord } from '../store/records.ts'
import type { RequestTransaction } from '../store/requestTransaction.ts'

/** The body a response schema describes; a `$ref` to the manifest schema's `$id` reads as the manifest. */
export type BodyOfSchema<S> = S extends JSONSchema ? FromSchema<S, { references: [typeof manifestSchema] }> : never

/** What an operation sees: the request's transaction, its key, the clock, its parsed input. */
export interface OperationContext<Input> {
  /** The read-write transaction the request runs in, after any requests batched before it (decision 028). Await only IndexedDB here: any other await commits it early. */
  tx: RequestTransaction
  key: ReadonlyRecord<KeyRecord>
  /** The clock, read once the transaction holds the stores. */
  now: number
  /** The body, already checked against its kind's schema (`undefined` for `none`). */
  input: Input
  randomBytes: RandomBytes
  /** Every registered operation id, in the registry's order. */
  operationIds: readonly string[]
}

/** One operation, declared once: everything the router, the docs, the client and the pipeline need. */
export interface OperationDeclaration<Id extends string, Kind extends BodyKind, Response extends object> {
  operationId: Id
  method: 'GET' | 'POST'
  /** Relative to the base path. */
  path: `/${string}`
  scope: Scope
  /** The group the documentation lists it under. */
  tag: Tag
  body: Kind
  /** A short title, as API references list operations ("Validate a manifest"): no full stop. */
  title: string
  /** One sentence on what it answers: the reference's description and the console's hint. */
  summary: string
  /** JSON Schema of the 200 body; the body type, the OpenAPI document and the conformance tests all come from it. */
  response: Response
  /**
   * Runs inside the request transaction, after key, rate, scope and input
   * checks. Throw an ApiError to refuse (it keeps its status); anything else
   * thrown is a 500 and the transaction is aborted.
   */
  run(context: OperationContext<BodyOf<Kind>>): Promise<BodyOfSchema<Response>>
}

/** Any declared operation, as the pipeline sees it. */
export interface Operation {
  operationId: string
  method: 'GET' | 'POST'
  path: `/${string}`
  scope: Scope
  tag: Tag
  body: BodyKind
  title: string
  summary: string
  response: object
  run(context: OperationContext<unknown>): Promise<unknown>
}

/**
 * Declares an operation. The compiler checks `run`'s result against the
 * response schema and gives `run` the input type of the body kind.
 * @example
 * export const getProjectStatus = defineOperation({
 *   operationId: 'getProjectStatus', method: 'GET', path: '/status', scope: 'status.read', tag: 'project', body: 'none',
 *   summary: '…', response: obj({ … }),
 *   async run({ key }) { return { … } },
 * })
 */
export function defineOperation<const Id extends string, const Kind extends BodyKind, const Response extends object>(
  declaration: OperationDeclaration<Id, Kind, Response>,
): OperationDeclaration<Id, Kind, Response> {
  return declaration
}

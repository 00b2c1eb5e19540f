import type { FromSchema } from 'json-schema-to-ts'
import { toolRequestBodySchema, webhookTestBodySchema } from './bodySchemas.ts'
import { MANIFEST_SCHEMA_URI } from './manifestSchema.ts'
import type { ValidatorName } from './validators.ts'

/**
 * How each kind of request body is read, validated and documented: the one
 * table the input parser, the OpenAPI document and clients consult, so no
 * one switches on the kind by hand.
 */
export const BODY_KINDS = {
  none: undefined,
  toolRequest: {
    schema: toolRequestBodySchema,
    validator: 'toolRequestBody',
    component: 'ToolRequestBody',
    /**
     * The body check takes any manifest and its violations are 422s, a documented answer, so the
     * document admits any object there: a request that earns a 422 is still a request the document
     * describes (a validating proxy flags none of them, and examples of a 422 match their schema).
     * The `Manifest` branch keeps the contract in typed clients and references.
     */
    documented: {
      manifest: {
        description:
          'The manifest to check. Any JSON object is taken: one that is a `Manifest` (service.tool/v1) answers 200, any other 422 with every violation.',
        anyOf: [{ $ref: MANIFEST_SCHEMA_URI }, { type: 'object', additionalProperties: true }],
      },
    },
    /** An empty body is a 400 `body_required`. */
    required: true,
  },
  webhookTest: {
    schema: webhookTestBodySchema,
    validator: 'webhookTestBody',
    component: 'WebhookTestBody',
    documented: {},
    /** An empty body reads as `{}`. */
    required: false,
  },
} as const satisfies Record<
  string,
  { schema: object; validator: ValidatorName; component: string; documented: object; required: boolean } | undefined
>

export type BodyKind = keyof typeof BODY_KINDS

/** The parsed input an operation receives for each body kind, typed from the body schemas. */
export interface BodyInputs {
  none: undefined
  toolRequest: FromSchema<typeof toolRequestBodySchema>
  webhookTest: FromSchema<typeof webhookTestBodySchema>
}

export type BodyOf<K extends BodyKind> = BodyInputs[K]

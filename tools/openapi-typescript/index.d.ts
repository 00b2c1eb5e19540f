/** Renders an OpenAPI document (an object) as TypeScript declarations: `paths`, `components`, `operations`. */
export default function openapiTS(schema: object, options?: Record<string, unknown>): Promise<unknown[]>
/** Prints the nodes openapiTS returns. */
export function astToString(nodes: unknown[]): string

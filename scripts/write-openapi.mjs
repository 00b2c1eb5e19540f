// Writes the OpenAPI document next to the built library, from the built code itself.
import { writeFileSync } from 'node:fs'
import { buildOpenApiDocument } from '../dist-lib/api/core.js'

writeFileSync(new URL('../dist-lib/openapi.json', import.meta.url), `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`)

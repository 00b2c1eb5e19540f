// Writes the OpenAPI documents (the API's and the control API's) next to the built library, from the built code itself.
import { writeFileSync } from 'node:fs'
import { buildControlOpenApiDocument, buildOpenApiDocument } from '../dist-lib/api/core.js'

writeFileSync(new URL('../dist-lib/openapi.json', import.meta.url), `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`)
writeFileSync(new URL('../dist-lib/control-openapi.json', import.meta.url), `${JSON.stringify(buildControlOpenApiDocument(), null, 2)}\n`)

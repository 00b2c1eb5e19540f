// Writes the OpenAPI documents (the API's and the control API's) next to the built library, from the built code itself.
// The folder is the first argument (scripts/build-lib.mjs builds into a new one), dist-lib by default.
import { writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const folder = resolve(process.argv[2] ?? new URL('../dist-lib', import.meta.url).pathname)
const { buildControlOpenApiDocument, buildOpenApiDocument } = await import(pathToFileURL(join(folder, 'api/core.js')).href)

writeFileSync(join(folder, 'openapi.json'), `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`)
writeFileSync(join(folder, 'control-openapi.json'), `${JSON.stringify(buildControlOpenApiDocument(), null, 2)}\n`)

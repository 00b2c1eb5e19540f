// openapi-typescript, resolved next to this file so it loads its own TypeScript 5.
export { astToString, default } from 'openapi-typescript'

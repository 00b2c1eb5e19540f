// `npm pack` and `npm publish` carry dist-lib and the playground it serves. Built here unless both are
// already newer than their sources: the suite packs the project more than once, and each build of the
// playground took a minute or two of a two-core machine to write the same files again.
import { buildIfStale } from './build-if-stale.mjs'

buildIfStale(['serve'])

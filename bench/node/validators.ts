/**
 * Our `validate('manifest', …)` (ajv compiled at build time, errors turned into
 * sorted violations) against the bare baseline: the same schema compiled by
 * ajv at runtime with the same options, returning only a boolean and raw errors.
 * Both run interleaved, batch by batch, over a valid and an invalid corpus.
 */
import { Ajv2020 } from 'ajv/dist/2020.js'
import { INVALID_MANIFESTS, VALID_MANIFESTS } from '../lib/corpus.ts'
import { emit, isCi } from '../lib/emit.ts'
import { loadAjvOptions, loadManifestSchema, loadValidators } from '../lib/library.ts'
import { median, round } from '../lib/stats.ts'

export interface ValidatorResult {
  validRatio: number
  invalidRatio: number
  /** Nanoseconds per manifest, medians over batches. */
  oursValidNs: number
  bareValidNs: number
  oursInvalidNs: number
  bareInvalidNs: number
}

export async function measureValidators(ci: boolean): Promise<ValidatorResult> {
  const { validate } = await loadValidators()
  const { AJV_OPTIONS } = await loadAjvOptions()
  const { manifestSchema } = await loadManifestSchema()
  const ajv = new Ajv2020({ ...AJV_OPTIONS })
  const bareValidate = ajv.compile(manifestSchema)
  const bare = (value: unknown) => {
    const valid = bareValidate(value)
    return valid ? true : bareValidate.errors
  }
  const ours = (value: unknown) => validate('manifest', value, '/manifest')

  for (const manifest of VALID_MANIFESTS) {
    if (ours(manifest).length !== 0 || bare(manifest) !== true)
      throw new Error('Failed to benchmark validators: a valid manifest was refused')
  }
  for (const manifest of INVALID_MANIFESTS) {
    if (ours(manifest).length === 0 || bare(manifest) === true)
      throw new Error('Failed to benchmark validators: an invalid manifest passed')
  }

  const batches = ci ? 6 : 60
  const passes = ci ? 50 : 400
  let sink = 0
  const time = (fn: (value: unknown) => unknown, corpus: readonly unknown[]) => {
    const started = process.hrtime.bigint()
    for (let pass = 0; pass < passes; pass++) {
      for (const manifest of corpus) if (fn(manifest)) sink++
    }
    return Number(process.hrtime.bigint() - started) / (passes * corpus.length)
  }
  const run = (corpus: readonly unknown[]) => {
    for (let warm = 0; warm < 5; warm++) {
      time(ours, corpus)
      time(bare, corpus)
    }
    const oursNs: number[] = []
    const bareNs: number[] = []
    for (let batch = 0; batch < batches; batch++) {
      if (batch % 2 === 0) {
        oursNs.push(time(ours, corpus))
        bareNs.push(time(bare, corpus))
      } else {
        bareNs.push(time(bare, corpus))
        oursNs.push(time(ours, corpus))
      }
    }
    return { ours: median(oursNs), bare: median(bareNs) }
  }
  const valid = run(VALID_MANIFESTS)
  const invalid = run(INVALID_MANIFESTS)
  if (sink < 0) throw new Error('unreachable')
  return {
    validRatio: round(valid.ours / valid.bare),
    invalidRatio: round(invalid.ours / invalid.bare),
    oursValidNs: round(valid.ours, 1),
    bareValidNs: round(valid.bare, 1),
    oursInvalidNs: round(invalid.ours, 1),
    bareInvalidNs: round(invalid.bare, 1),
  }
}

if (import.meta.main) emit(await measureValidators(isCi()))

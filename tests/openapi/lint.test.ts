/**
 * Both OpenAPI documents through the linters users run on them, Spectral
 * (`spectral:oas`) and Redocly (`recommended`): no error, and no warning but
 * those listed in ACCEPTED_WARNINGS with why they stay.
 */
import { describe, expect, it } from 'vitest'
import { OPERATIONS } from '../../src/api/core.ts'
import { shippedDocuments } from './support/documents.ts'
import { type Finding, isAccepted, lintDocument, redoclyLint, spectralLint } from './support/lint.ts'

const show = (finding: Finding) => `${finding.tool} ${finding.severity} ${finding.rule} at ${finding.at}: ${finding.message}`

describe('the OpenAPI documents, linted', () => {
  for (const { name, document } of shippedDocuments()) {
    it(`${name}: no error and no warning but the accepted ones`, async () => {
      const findings = await lintDocument(document)
      expect(findings.filter((finding) => !isAccepted(finding)).map(show)).toEqual([])
      const accepted = findings.filter(isAccepted).map((finding) => `${finding.rule} at ${finding.at}`)
      if (name === 'control-openapi.json') expect(accepted).toEqual([])
      // The one accepted warning sits where each operation names its scope, and nowhere else.
      else
        expect(accepted.sort()).toEqual(
          OPERATIONS.map(
            (operation) =>
              `oas3-operation-security-defined at paths.${operation.path}.${operation.method.toLowerCase()}.security.0.bearerKey.0`,
          ).sort(),
        )
    }, 30_000)
  }

  it('reports what its rules ask for, so the checks above can fail', async () => {
    const [api] = shippedDocuments()
    const document = api?.document as {
      info: Record<string, unknown>
      paths: Record<string, Record<string, { requestBody: { content: Record<string, { examples: Record<string, { value: unknown }> }> } }>>
    }
    delete document.info.license
    const valid = document.paths['/tools/validate']?.post?.requestBody.content['application/json']?.examples.valid
    if (valid) valid.value = { manifest: 'not an object' }
    const spectral = await spectralLint(document)
    const redocly = await redoclyLint(document)
    expect(spectral.map(show)).toContainEqual(expect.stringMatching(/^spectral error oas3-valid-media-example at paths\.\/tools\/validate/))
    expect(redocly.map((finding) => finding.rule)).toEqual(expect.arrayContaining(['info-license', 'no-invalid-media-type-examples']))
  }, 30_000)
})

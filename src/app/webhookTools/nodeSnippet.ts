import type { SpecimenBody } from './specimenBody.ts'

/**
 * A Node program that verifies the specimen with the same library the page
 * uses. The payload and headers are embedded as JSON literals (valid
 * JavaScript), so any text in them stays data.
 */
export function nodeSnippet(body: SpecimenBody): string {
  const { specimen, verification } = body
  return `// verify-webhook.mjs — run: npm install standardwebhooks && node verify-webhook.mjs
import { Webhook } from 'standardwebhooks'

// A receiver keeps the secret on the server (an environment variable), never in client code.
// The fallback is this sandbox project's secret, so the file runs as is.
const secret = process.env.WEBHOOK_SECRET || ${JSON.stringify(verification.secret)}

// The raw body exactly as received (before any JSON parsing) and the three webhook-* headers.
const payload = ${JSON.stringify(specimen.payload)}
const headers = ${JSON.stringify(specimen.headers, null, 2)}

try {
  // Checks the HMAC-SHA256 signature over "id.timestamp.payload" and that the timestamp
  // is within ${verification.toleranceSeconds / 60} minutes of now: run it within ${verification.toleranceSeconds / 60} minutes of creating the specimen.
  const event = new Webhook(secret).verify(payload, headers)
  console.log('verified', event.type)
} catch (error) {
  // "Missing required headers", "Message timestamp too old/new" or "No matching signature found".
  console.error('rejected:', error.message)
  process.exitCode = 1
}
`
}

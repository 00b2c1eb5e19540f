/**
 * Request bodies the examples send, kept apart from the catalogue so the
 * catalogue reads as a list. Each is the exact text sent; the broken ones are
 * written out by hand because JSON.stringify could never produce them.
 */
import { SAMPLE_MANIFEST } from '../api/core.ts'

/** The library's reviewed sample manifest, which passes `service.tool/v1`. */
export const VALID_TOOL_REQUEST = JSON.stringify({ manifest: SAMPLE_MANIFEST }, null, 2)

/** Four contract violations at once, so the 422 shows several pointers. */
export const INVALID_TOOL_REQUEST = `{
  "manifest": {
    "schema": "service.tool/v1",
    "entry": "reading-log",
    "permissions": ["profile.read", "account.read"],
    "display": {
      "layout": "grid",
      "icon": "Book Open",
      "color": "indigo",
      "columns": []
    }
  }
}`

/** A trailing comma: the most common way hand-written JSON breaks. */
export const MALFORMED_TOOL_REQUEST = `{
  "manifest": {
    "schema": "service.tool/v1",
    "entry": "reading-log",
  }
}`

export const WEBHOOK_TEST_REQUEST = `{
  "message": "Hello from the docs"
}`

/** Over the 65,536-byte limit (69,719 bytes): 1,700 copies of a 41-byte sentence, plus the JSON around them. */
export const OVERSIZED_WEBHOOK_TEST_REQUEST = `{
  "message": "${'This sentence is 41 bytes long, so again '.repeat(1_700)}"
}`

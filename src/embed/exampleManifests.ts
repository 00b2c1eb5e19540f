/**
 * Request bodies the examples send, kept apart from the catalogue so the
 * catalogue reads as a list. Each is the exact text sent: the malformed one
 * must stay malformed, so none of them is built with JSON.stringify at run time.
 */

/** A manifest that passes `service.tool/v1`: the smallest useful table tool. */
export const VALID_TOOL_REQUEST = `{
  "manifest": {
    "schema": "service.tool/v1",
    "name": "Reading log",
    "version": "1.0.0",
    "entry": "reading-log",
    "summary": "Track books and pages read.",
    "permissions": ["profile.read"],
    "consequenceClass": "C0",
    "display": {
      "layout": "table",
      "icon": "book.open",
      "color": "indigo",
      "columns": [
        { "name": "Title", "type": "text" },
        { "name": "Pages", "type": "number", "unit": "pages" },
        { "name": "Finished", "type": "toggle" }
      ]
    }
  }
}`

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

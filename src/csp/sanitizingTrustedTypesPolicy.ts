/**
 * The default Trusted Types policy of the API reference page only. Its
 * renderer (Scalar) assigns plain strings to `innerHTML` in many places: its
 * theme's <style> text, highlighted code, icons, tooltips, markdown. Rather
 * than drop Trusted Types there, this policy lets markup through a sanitiser:
 * text with no tag passes as it is (it cannot create an element), anything
 * with a tag is cleaned by DOMPurify (no script, no event handler, no
 * javascript: URL). Script text is still vouched for by nothing, and script
 * URLs follow the same own-origin rule as every page. Decision 026 says why.
 */
import DOMPurify from 'dompurify'
import { sameOriginScriptUrl, trustedTypesFactory } from './scriptUrlRule.ts'

/** What an `innerHTML` of the reference page receives for `input`. */
export function sanitizeMarkup(input: string): string {
  // Without '<' nothing parses as an element; a <style> keeps its CSS text verbatim (a sanitiser would escape its '>').
  if (!input.includes('<')) return input
  return DOMPurify.sanitize(input)
}

trustedTypesFactory?.createPolicy('default', { createScriptURL: (input) => sameOriginScriptUrl(input), createHTML: sanitizeMarkup })

/**
 * The editor's text as a JSON document: strict syntax (no comments, no
 * trailing commas, as the API's JSON.parse), and the mapping between JSON
 * Pointers and places in the text, both ways, with jsonc-parser.
 */
import { findNodeAtLocation, findNodeAtOffset, getNodePath, type Node, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser'
import { formatPointer, parsePointer } from './jsonPointer.ts'

/** A span of the text, in UTF-16 offsets (what the editor and jsonc-parser both use). */
export interface TextSpan {
  offset: number
  length: number
}

export interface SyntaxProblem extends TextSpan {
  message: string
}

export type ParsedManifestText =
  | { ok: true; value: unknown; tree: Node | undefined }
  | { ok: false; problems: SyntaxProblem[]; tree: Node | undefined }

const SYNTAX_WORDS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'a property name in double quotes is expected',
  ValueExpected: 'a value is expected',
  ColonExpected: 'a colon is expected',
  CommaExpected: 'a comma is expected',
  CloseBraceExpected: 'a closing } is expected',
  CloseBracketExpected: 'a closing ] is expected',
  EndOfFileExpected: 'nothing may follow the value',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'the string is not closed',
  UnexpectedEndOfNumber: 'the number is not finished',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'this character must be escaped inside a string',
}

function describe(error: ParseError): SyntaxProblem {
  const name = printParseErrorCode(error.error)
  return { offset: error.offset, length: Math.max(1, error.length), message: SYNTAX_WORDS[name] ?? name }
}

/**
 * Parses the text the way the API will: JSON.parse decides the value, so a
 * document the sandbox would refuse with 400 is never sent.
 */
export function parseManifestText(text: string): ParsedManifestText {
  const errors: ParseError[] = []
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false })
  if (errors.length > 0) return { ok: false, problems: errors.map(describe), tree }
  try {
    return { ok: true, value: JSON.parse(text), tree }
  } catch (error) {
    // jsonc-parser and JSON.parse agree on strict JSON; this is a guard, not a path.
    return { ok: false, problems: [{ offset: 0, length: 1, message: error instanceof Error ? error.message : String(error) }], tree }
  }
}

const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/

/**
 * The place a pointer names, or the deepest existing ancestor when part of
 * it is missing (a pointer can name a property that is not there). A
 * property is shown at its key, where a reader looks for it.
 */
export function spanOfPointer(tree: Node | undefined, pointer: string): TextSpan & { exact: boolean } {
  if (!tree) return { offset: 0, length: 0, exact: false }
  let node = tree
  let exact = true
  for (const token of parsePointer(pointer)) {
    // jsonc-parser wants numbers for array items and strings for keys, so
    // the kind of each step depends on the node it starts from.
    const segment = node.type === 'array' && ARRAY_INDEX.test(token) ? Number(token) : token
    const next = node.type === 'object' || node.type === 'array' ? findNodeAtLocation(node, [segment]) : undefined
    if (!next) {
      exact = false
      break
    }
    node = next
  }
  const property = node.parent?.type === 'property' ? node.parent : undefined
  const key = property?.children?.[0]
  if (key && key !== node) return { offset: key.offset, length: key.length, exact }
  return { offset: node.offset, length: node.length, exact }
}

/** The node a pointer names, or undefined when part of it is missing. */
export function nodeOfPointer(tree: Node | undefined, pointer: string): Node | undefined {
  if (!tree) return undefined
  let node = tree
  for (const token of parsePointer(pointer)) {
    const segment = node.type === 'array' && ARRAY_INDEX.test(token) ? Number(token) : token
    const next = node.type === 'object' || node.type === 'array' ? findNodeAtLocation(node, [segment]) : undefined
    if (!next) return undefined
    node = next
  }
  return node
}

/**
 * Where to put the cursor for a problem at a pointer: on the value, which
 * is what needs changing (the list shows the key, where a reader looks). A
 * scalar is selected whole; inside an object or array the cursor goes just
 * after its opening bracket, since selecting it all would invite deleting it.
 */
export function valueSpanOfPointer(tree: Node | undefined, pointer: string): TextSpan {
  const node = nodeOfPointer(tree, pointer)
  if (!node) {
    const { offset, length } = spanOfPointer(tree, pointer)
    return { offset, length }
  }
  if (node.type === 'object' || node.type === 'array') return { offset: node.offset + 1, length: 0 }
  return { offset: node.offset, length: node.length }
}

/** The pointer of the value at an offset; on a property key, the pointer of that property. */
export function pointerAtOffset(tree: Node | undefined, offset: number): string {
  if (!tree) return ''
  const node = findNodeAtOffset(tree, offset)
  if (!node) return ''
  // Between a key and its value (on the colon) the property itself is meant.
  const target = node.type === 'property' && node.children?.[1] ? node.children[1] : node
  return formatPointer(getNodePath(target))
}

/** Converts an offset to a 1-based line and column. */
export function positionAt(text: string, offset: number): { lineNumber: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)))
  const lineStart = before.lastIndexOf('\n') + 1
  let lineNumber = 1
  for (let i = before.indexOf('\n'); i !== -1; i = before.indexOf('\n', i + 1)) lineNumber++
  return { lineNumber, column: before.length - lineStart + 1 }
}

import { useState } from 'react'

/**
 * A JSON value drawn as React elements: keys, strings, numbers and literals
 * coloured by class, each object and array foldable. No markup is ever parsed
 * (the page's Trusted Types policy forbids it anyway), and unfolded the text
 * reads exactly as `JSON.stringify(value, null, 2)`, so selecting and copying
 * by hand gives valid JSON.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

interface NodeProps {
  value: Json
  depth: number
  /** Where the node sits, as a JSON Pointer, for the fold button's name. */
  pointer: string
  /** `"key": ` before the value inside an object. */
  label?: string
  comma: boolean
  openByDefault: boolean
}

const pad = (depth: number) => '  '.repeat(depth)

function Scalar({ value }: { value: Exclude<Json, Json[] | { [key: string]: Json }> }) {
  if (typeof value === 'string') return <span className="json-string">{JSON.stringify(value)}</span>
  if (typeof value === 'number') return <span className="json-number">{JSON.stringify(value)}</span>
  return <span className="json-literal">{JSON.stringify(value)}</span>
}

function JsonNode({ value, depth, pointer, label, comma, openByDefault }: NodeProps) {
  const [open, setOpen] = useState(openByDefault || depth === 0)
  const key = label === undefined ? null : <span className="json-key">{JSON.stringify(label)}</span>
  const prefix = (
    <>
      {pad(depth)}
      {key}
      {key ? ': ' : null}
    </>
  )
  if (value === null || typeof value !== 'object') {
    return (
      <>
        {prefix}
        <Scalar value={value} />
        {comma ? ',' : null}
        {'\n'}
      </>
    )
  }
  const isArray = Array.isArray(value)
  const children: [string, Json][] = isArray ? value.map((item, index) => [String(index), item]) : Object.entries(value)
  const [opening, closing] = isArray ? ['[', ']'] : ['{', '}']
  if (children.length === 0) {
    return (
      <>
        {prefix}
        {opening}
        {closing}
        {comma ? ',' : null}
        {'\n'}
      </>
    )
  }
  const count = `${children.length} ${isArray ? (children.length === 1 ? 'item' : 'items') : children.length === 1 ? 'key' : 'keys'}`
  const where = pointer === '' ? 'the whole body' : pointer
  const toggle = (
    <button
      type="button"
      className="json-fold"
      aria-expanded={open}
      // The name comes from the title (also a tooltip): an aria-label would make every pointer a "label" of the page.
      title={`${open ? 'Fold' : 'Unfold'} ${where} (${count})`}
      onClick={() => setOpen(!open)}
    />
  )
  // The fold button sits in the indentation, before the key, where the eye looks for it.
  const foldable = (
    <>
      {pad(depth)}
      {toggle}
      {key}
      {key ? ': ' : null}
    </>
  )
  if (!open) {
    return (
      <>
        {foldable}
        <span className="json-folded" data-count={count}>
          {opening}…{closing}
        </span>
        {comma ? ',' : null}
        {'\n'}
      </>
    )
  }
  return (
    <>
      {foldable}
      {opening}
      {'\n'}
      {children.map(([name, child], index) => (
        <JsonNode
          key={name}
          value={child}
          depth={depth + 1}
          pointer={`${pointer}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`}
          label={isArray ? undefined : name}
          comma={index < children.length - 1}
          openByDefault={openByDefault}
        />
      ))}
      {pad(depth)}
      {closing}
      {comma ? ',' : null}
      {'\n'}
    </>
  )
}

/** Parses a body as JSON; undefined when it is not JSON. */
export function parseJson(text: string): { value: Json } | undefined {
  if (text.trim() === '') return undefined
  try {
    return { value: JSON.parse(text) as Json }
  } catch {
    return undefined
  }
}

/** The highlighted, foldable tree of a parsed body; `openByDefault` false folds everything below the top level. */
export function JsonTree({ value, openByDefault }: { value: Json; openByDefault: boolean }) {
  return <JsonNode value={value} depth={0} pointer="" comma={false} openByDefault={openByDefault} />
}

import { type FormEvent, useId, useState } from 'react'
import type { ManifestOrigin } from '../manifestStore.ts'
import { BLANK_TEMPLATE, BROKEN_TEMPLATES, LIBRARY_TEMPLATES, type StarterTemplate, templateText } from './starterTemplates.ts'

interface TemplatePickerProps {
  onLoad(text: string, origin: ManifestOrigin): void
}

function originOf(template: StarterTemplate, library: boolean): ManifestOrigin {
  return {
    kind: 'template',
    label: library ? `${template.label} (library)` : template.label,
    ...(template.lesson ? { lesson: template.lesson } : {}),
  }
}

/** Every template by the value its option carries. */
const BY_VALUE = new Map<string, ManifestOrigin & { text: string }>([
  [BLANK_TEMPLATE.id, { ...originOf(BLANK_TEMPLATE, false), text: templateText(BLANK_TEMPLATE.manifest) }],
  ...LIBRARY_TEMPLATES.map((t) => [`library:${t.id}`, { ...originOf(t, true), text: templateText(t.manifest) }] as const),
  ...BROKEN_TEMPLATES.map((t) => [`broken:${t.id}`, { ...originOf(t, false), text: templateText(t.manifest) }] as const),
])

/**
 * Replaces the text with a template; when that replaces edits, the note
 * above the editor offers them back ("Undo"). A button loads the choice: a select that acted on
 * change would load a template for every arrow key press on some platforms.
 * Every template is static data, so the list is whole from the first paint.
 */
export function TemplatePicker({ onLoad }: TemplatePickerProps) {
  const id = useId()
  const [choice, setChoice] = useState(BLANK_TEMPLATE.id)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const chosen = BY_VALUE.get(choice)
    if (!chosen) return
    const { text, ...origin } = chosen
    onLoad(text, origin)
  }
  return (
    <form className="template-picker" onSubmit={submit}>
      <label htmlFor={id}>Template</label>
      <select id={id} value={choice} onChange={(event) => setChoice(event.target.value)}>
        <option value={BLANK_TEMPLATE.id}>{BLANK_TEMPLATE.label}</option>
        <optgroup label="Library tools (reviewed; GET /tools lists them)">
          {LIBRARY_TEMPLATES.map((tool) => (
            <option key={tool.id} value={`library:${tool.id}`}>
              {tool.label}
            </option>
          ))}
        </optgroup>
        <optgroup label="Broken on purpose (each teaches one rule)">
          {BROKEN_TEMPLATES.map((template) => (
            <option key={template.id} value={`broken:${template.id}`}>
              {template.label}
            </option>
          ))}
        </optgroup>
      </select>
      <button type="submit">Load template</button>
    </form>
  )
}

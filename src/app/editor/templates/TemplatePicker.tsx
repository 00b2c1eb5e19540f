import { type FormEvent, useId, useState } from 'react'
import type { ManifestOrigin } from '../manifestStore.ts'
import { BLANK_TEMPLATE, BROKEN_TEMPLATES, type StarterTemplate, templateText } from './starterTemplates.ts'
import type { LibraryState } from './useLibraryTools.ts'

interface TemplatePickerProps {
  library: LibraryState
  /** Why the library group is unavailable, e.g. the key lacks tools.read. */
  libraryBlocked: string | null
  onLoad(text: string, origin: ManifestOrigin): void
}

function originOf(template: StarterTemplate): ManifestOrigin {
  return { kind: 'template', label: template.label, ...(template.lesson ? { lesson: template.lesson } : {}) }
}

/**
 * Replaces the text with a template; when that replaces edits, the note
 * above the editor offers them back ("Undo"). A button loads the choice: a select that acted on
 * change would load a template for every arrow key press on some platforms.
 */
export function TemplatePicker({ library, libraryBlocked, onLoad }: TemplatePickerProps) {
  const id = useId()
  const [choice, setChoice] = useState(BLANK_TEMPLATE.id)
  const choose = (value: string) => {
    if (value === BLANK_TEMPLATE.id) return onLoad(templateText(BLANK_TEMPLATE.manifest), originOf(BLANK_TEMPLATE))
    const broken = BROKEN_TEMPLATES.find((template) => `broken:${template.id}` === value)
    if (broken) return onLoad(templateText(broken.manifest), originOf(broken))
    const tool = library.kind === 'ready' ? library.tools.find((candidate) => `library:${candidate.id}` === value) : undefined
    if (tool) onLoad(templateText(tool.manifest), { kind: 'template', label: `${tool.label} (library)` })
  }
  const libraryNote =
    libraryBlocked ?? (library.kind === 'loading' ? 'loading…' : library.kind === 'refused' ? library.refusal.title : null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    choose(choice)
  }
  return (
    <form className="template-picker" onSubmit={submit}>
      <label htmlFor={id}>Template</label>
      <select id={id} value={choice} onChange={(event) => setChoice(event.target.value)}>
        <option value={BLANK_TEMPLATE.id}>{BLANK_TEMPLATE.label}</option>
        <optgroup label={`Library tools (GET /tools)${libraryNote ? ` — ${libraryNote}` : ''}`}>
          {library.kind === 'ready'
            ? library.tools.map((tool) => (
                <option key={tool.id} value={`library:${tool.id}`}>
                  {tool.label}
                </option>
              ))
            : null}
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

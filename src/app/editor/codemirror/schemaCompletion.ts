/** Completion from the manifest schema (Ctrl+Space, and while typing): names with skeletons, allowed values. */
import { type Completion, type CompletionContext, type CompletionResult, snippet } from '@codemirror/autocomplete'
import { askLanguage } from '../language/languageClient.ts'
import type { ManifestCompletion } from '../language/manifestLanguage.ts'

const TYPE: Record<ManifestCompletion['kind'], string> = { property: 'property', value: 'enum', other: 'text' }

function toOption(item: ManifestCompletion): Completion {
  return {
    // Matched against what is typed, quotes included; shown without them.
    label: item.filterText,
    displayLabel: item.label,
    type: TYPE[item.kind],
    detail: item.detail,
    info: item.documentation,
    // Each item names the span it replaces; the language service knows JSON's quotes and commas.
    apply: (view, completion, _from, to) => {
      const end = Math.max(item.to, to)
      if (item.snippet) snippet(item.insert)(view, completion, item.from, end)
      else
        view.dispatch({ changes: { from: item.from, to: end, insert: item.insert }, selection: { anchor: item.from + item.insert.length } })
    },
  }
}

export async function schemaCompletions(context: CompletionContext): Promise<CompletionResult | null> {
  const text = context.state.doc.toString()
  const { items } = await askLanguage('completions', text, context.pos)
  if (context.aborted || items.length === 0) return null
  const from = Math.min(...items.map((item) => item.from))
  // Typing inside a word asks again only when that word could match; elsewhere only on request.
  if (!context.explicit && from === context.pos && !context.matchBefore(/["\w]$/)) return null
  return { from, options: items.map(toOption) }
}

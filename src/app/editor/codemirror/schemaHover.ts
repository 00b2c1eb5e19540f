/** The schema's description of the name or value under the pointer, as text (never markup). */
import { hoverTooltip } from '@codemirror/view'
import { askLanguage } from '../language/languageClient.ts'

export const schemaHover = hoverTooltip(async (view, pos) => {
  const text = view.state.doc.toString()
  const hover = await askLanguage('hover', text, pos)
  if (!hover || view.state.doc.toString() !== text) return null
  return {
    pos: hover.from,
    end: hover.to,
    above: true,
    create() {
      const dom = document.createElement('div')
      dom.className = 'cm-schema-hover'
      dom.textContent = hover.text
      return { dom }
    },
  }
})

import { describe, expect, it } from 'vitest'
import { keyboardHint } from '../../src/app/editor/help/keyboardHint.ts'

describe('the editor’s keyboard help', () => {
  it('names the keys the editor binds, as given, not a list written for one platform', () => {
    const linux = keyboardHint({
      tabFocus: 'Ctrl+M',
      nextMarker: 'F8',
      quickFix: 'Ctrl+.',
      suggest: 'Ctrl+Space',
      format: 'Ctrl+Shift+I',
      palette: 'F1',
    })
    expect(linux).toBe(
      'Tab indents inside the editor; press Ctrl+M to make Tab move focus instead. F8 goes to the next marker, Ctrl+. shows the quick fixes where the cursor is, Ctrl+Space completes from the schema, Ctrl+Shift+I formats and F1 opens the command palette.',
    )
    expect(keyboardHint({ format: '⇧⌥F', tabFocus: '⌃⇧M' })).toBe(
      'Tab indents inside the editor; press ⌃⇧M to make Tab move focus instead. ⇧⌥F formats.',
    )
  })

  it('leaves out a command that has no key, and says what the plain editor does before the editor is ready', () => {
    expect(keyboardHint({})).toBe('Tab indents inside the editor.')
    expect(keyboardHint(undefined)).toMatch(/^Tab moves focus out of this plain text box/)
  })
})

/**
 * The editor's two colour themes: Monaco's own light and dark, with the
 * playground's surface and JSON colours (ui/theme.css), so the editor reads
 * as part of the page and its tokens keep the page's AA contrast. Monaco
 * takes concrete colours, not CSS variables; the panel picks the theme from
 * the playground's toggle (useResolvedTheme.ts).
 */
import type { editor } from 'monaco-editor/editor'

const strip = (hex: string) => hex.slice(1)

function theme(
  base: 'vs' | 'vs-dark',
  palette: Record<'surface' | 'text' | 'muted' | 'key' | 'string' | 'number' | 'literal' | 'selection', string>,
) {
  return {
    base,
    inherit: true,
    rules: [
      { token: 'string.key.json', foreground: strip(palette.key) },
      { token: 'string.value.json', foreground: strip(palette.string) },
      { token: 'number.json', foreground: strip(palette.number) },
      { token: 'keyword.json', foreground: strip(palette.literal) },
    ],
    colors: {
      'editor.background': palette.surface,
      'editor.foreground': palette.text,
      'editorLineNumber.foreground': palette.muted,
      'editorLineNumber.activeForeground': palette.text,
      'editor.selectionBackground': palette.selection,
      'editorGutter.background': palette.surface,
    },
  } satisfies editor.IStandaloneThemeData
}

export const MONACO_THEMES = {
  'sandbox-light': theme('vs', {
    surface: '#ffffff',
    text: '#171c26',
    muted: '#4a5566',
    key: '#15468f',
    string: '#16683a',
    number: '#7a4f00',
    literal: '#7a2e99',
    selection: '#c8dbf8',
  }),
  'sandbox-dark': theme('vs-dark', {
    surface: '#161a21',
    text: '#e5e9f0',
    muted: '#a9b2c0',
    key: '#b0ccff',
    string: '#79d99c',
    number: '#f3c65a',
    literal: '#e0b3ff',
    selection: '#2c4470',
  }),
} as const

import type { DisplayColor } from '../../../api/contract/manifestSchema.ts'

/** The 12 display colours as the native system draws them (one value works on light and dark). */
export const DISPLAY_COLOR_VALUES: Record<DisplayColor, string> = {
  red: '#ff3b30',
  orange: '#ff9500',
  yellow: '#ffcc00',
  green: '#34c759',
  mint: '#00c7be',
  teal: '#30b0c7',
  cyan: '#32ade6',
  blue: '#007aff',
  indigo: '#5856d6',
  purple: '#af52de',
  pink: '#ff2d55',
  brown: '#a2845e',
}

/** A palette name as a CSS colour; anything else (the preview only sends palette names) falls back to grey. */
export function colorValue(name: string): string {
  return (DISPLAY_COLOR_VALUES as Record<string, string>)[name] ?? '#8e8e93'
}

import type { DisplayColor } from '../../../api/core.ts'

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

function luminance(hex: string): number {
  const channel = (start: number) => {
    const value = Number.parseInt(hex.slice(start, start + 2), 16) / 255
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

/**
 * Black or white, whichever reads better on the palette colour (WCAG contrast),
 * for text and glyphs drawn on it: white on yellow or mint would be unreadable.
 */
export function onColorValue(name: string): string {
  const l = luminance(colorValue(name))
  const withWhite = 1.05 / (l + 0.05)
  const withBlack = (l + 0.05) / 0.05
  return withBlack > withWhite ? '#000000' : '#ffffff'
}

/** The colour of labels created on the fly by a merge request's `labels` (Label::DEFAULT_COLOR). */
export const DEFAULT_LABEL_COLOR = '#6699cc'

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i

/** GitLab's text colour for a label: dark on light backgrounds, white on dark ones. */
export function labelTextColor(color: string): string {
  const match = HEX.exec(color)
  if (!match?.[1]) return '#FFFFFF'
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1]
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16))
  return (r ?? 0) + (g ?? 0) + (b ?? 0) > 500 ? '#333333' : '#FFFFFF'
}

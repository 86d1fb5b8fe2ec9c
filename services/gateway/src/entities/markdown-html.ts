/**
 * GitLab Flavored Markdown, as far as a description usually needs it:
 * paragraphs with their source positions, strong, emphasis and code spans.
 */
export function markdownHtml(markdown: string): string {
  const lines = markdown.split(/\r?\n/)
  const blocks: string[] = []
  let start = -1
  const flush = (end: number) => {
    if (start < 0) return
    const text = lines.slice(start, end).join('\n')
    const lastLength = lines[end - 1]?.length ?? 0
    blocks.push(
      `<p data-sourcepos="${start + 1}:1-${end}:${lastLength}" dir="auto">${inline(text)}</p>`,
    )
    start = -1
  }
  lines.forEach((line, index) => {
    if (line.trim() === '') flush(index)
    else if (start < 0) start = index
  })
  flush(lines.length)
  return blocks.join('\n')
}

function inline(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/__([^_]+)__/g, '<strong>$1</strong>')
    .replace(/\*([^*]+)\*/g, '<em>$1</em>')
    .replace(/\n/g, '<br>\n')
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

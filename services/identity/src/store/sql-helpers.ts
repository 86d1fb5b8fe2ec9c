/** Escapes LIKE wildcards so a search term matches literally. */
export function likeEscape(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/** A page as SQL wants it. */
export interface PageWindow {
  limit: number
  offset: number
}

/** int8[] comes back from pg as strings. */
export function toIds(values: readonly (string | number)[]): number[] {
  return values.map(Number)
}

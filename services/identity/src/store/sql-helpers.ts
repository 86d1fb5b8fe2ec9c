/** Escapes LIKE wildcards so a search term matches literally. */
export function likeEscape(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/** A page as SQL wants it (the domain's port names it). */
export type { PageWindow } from '../domain/ports.js'

/** int8[] comes back from pg as strings. */
export function toIds(values: readonly (string | number)[]): number[] {
  return values.map(Number)
}

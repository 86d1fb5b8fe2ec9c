/**
 * The text without the run of `char` at its end. For user text instead of
 * `replace(/\/+$/, '')` and the like: a RegExp retries that run from each of
 * its characters when something else follows it, quadratic in the run's length
 * (8,000 slashes in a tree path: 21 ms; 16,000: about 85 ms).
 */
export function trimTrailing(text: string, char: string): string {
  let end = text.length
  while (end > 0 && text[end - 1] === char) end--
  return end === text.length ? text : text.slice(0, end)
}

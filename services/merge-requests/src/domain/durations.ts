/**
 * GitLab's duration language for time tracking (ChronicDuration with
 * GitLab's limits): units mo, w, d, h, m, s with 1mo = 4w, 1w = 5d, 1d = 8h;
 * a leading `-` subtracts.
 *
 * OWNER: the ci-triggers/durations work.
 */

/** Seconds for a duration text, negative with a leading `-`; undefined when it is not one. */
export function parseDuration(text: string): number | undefined {
  void text
  return undefined
}

/** GitLab's human form of seconds ("1w 2d 3h 4m"); undefined for 0. */
export function formatDuration(seconds: number): string | undefined {
  void seconds
  return undefined
}

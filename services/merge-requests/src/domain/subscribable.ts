/**
 * Subscribable#subscribed?: a user's explicit subscription record decides;
 * without one, a participant of the merge request or issue is subscribed.
 * One rule for both kinds (who counts as a participant is the caller's part).
 */
export function isSubscribed(
  choice: boolean | undefined,
  { participant }: { participant: boolean },
): boolean {
  return choice ?? participant
}

import { VisibilityLevel } from '@suite/proto'

export { VisibilityLevel }

/** A visibility as GitLab's API writes it. */
export type VisibilityName = 'private' | 'internal' | 'public'

const NAMES: readonly (readonly [VisibilityLevel, VisibilityName])[] = [
  [VisibilityLevel.VISIBILITY_LEVEL_PRIVATE, 'private'],
  [VisibilityLevel.VISIBILITY_LEVEL_INTERNAL, 'internal'],
  [VisibilityLevel.VISIBILITY_LEVEL_PUBLIC, 'public'],
]

/** The API word of a level; an unknown level reads as the most restrictive. */
export function visibilityName(level: VisibilityLevel): VisibilityName {
  return NAMES.find(([candidate]) => candidate === level)?.[1] ?? 'private'
}

/** The level for an API word, or undefined when the word is not one of GitLab's. */
export function visibilityLevel(name: string): VisibilityLevel | undefined {
  return NAMES.find(([, candidate]) => candidate === name)?.[0]
}

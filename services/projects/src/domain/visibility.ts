/** Gitlab::VisibilityLevel. */
export const VisibilityLevel = { PRIVATE: 0, INTERNAL: 10, PUBLIC: 20 } as const

export type VisibilityName = 'private' | 'internal' | 'public'

const NAMES: Readonly<Record<number, VisibilityName>> = {
  [VisibilityLevel.PRIVATE]: 'private',
  [VisibilityLevel.INTERNAL]: 'internal',
  [VisibilityLevel.PUBLIC]: 'public',
}

export function visibilityName(level: number): VisibilityName {
  return NAMES[level] ?? 'private'
}

/** The level for a name, or undefined when the name is not one of GitLab's. */
export function visibilityLevel(name: string): number | undefined {
  const entry = Object.entries(NAMES).find(([, value]) => value === name)
  return entry ? Number(entry[0]) : undefined
}

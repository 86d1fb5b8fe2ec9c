/** Who asks, as the gateway resolved it. */
export interface Caller {
  userId: number | undefined
  admin: boolean
}

/** Gitlab::Access */
export const AccessLevel = {
  NO_ACCESS: 0,
  MINIMAL_ACCESS: 5,
  GUEST: 10,
  PLANNER: 15,
  REPORTER: 20,
  DEVELOPER: 30,
  MAINTAINER: 40,
  OWNER: 50,
} as const

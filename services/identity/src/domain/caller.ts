/** Who asks, as the gateway authenticated them. */
export interface Caller {
  /** Absent for an anonymous caller. */
  userId: number | undefined
  admin: boolean
  scopes: readonly string[]
}

export const ANONYMOUS: Caller = Object.freeze({ userId: undefined, admin: false, scopes: [] })

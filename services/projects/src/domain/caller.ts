/** Who asks, as the gateway resolved it. */
export interface Caller {
  userId: number | undefined
  admin: boolean
  /**
   * The scopes of the token used (api, read_api, read_repository, ...);
   * absent or empty when no token restricts the caller (anonymous, or the
   * system acting on its own behalf).
   */
  scopes?: readonly string[] | undefined
}

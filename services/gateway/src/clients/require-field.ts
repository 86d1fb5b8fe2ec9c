/**
 * A message field proto3 types as optional but a service always sets (the
 * `user` of GetUserResponse, ...). Its absence is a broken contract: a 500.
 */
export function requireField<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw new Error(`response without its ${field}`)
  return value
}

/**
 * A configuration error with GitLab's message text. Thrown inside the engine
 * and caught once by planPipeline, which turns it into an `invalid` outcome.
 */
export class ConfigError extends Error {
  readonly messages: string[]

  constructor(messages: string | string[]) {
    const list = typeof messages === 'string' ? [messages] : messages
    super(list[0] ?? 'Invalid configuration format')
    this.name = 'ConfigError'
    this.messages = list
  }
}

/** Plain JSON-like object as the YAML loader produces. */
export type ConfigHash = Record<string, unknown>

export const isHash = (value: unknown): value is ConfigHash =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

import type { FieldErrors } from '@suite/runtime'

/** Collects validation messages per attribute, in the order they are found. */
export class ErrorCollector {
  private readonly errors: FieldErrors = {}

  add(field: string, message: string): void {
    ;(this.errors[field] ??= []).push(message)
  }

  addAll(field: string, messages: readonly string[]): void {
    for (const message of messages) this.add(field, message)
  }

  has(field: string): boolean {
    return (this.errors[field]?.length ?? 0) > 0
  }

  get empty(): boolean {
    return Object.keys(this.errors).length === 0
  }

  toJSON(): FieldErrors {
    return this.errors
  }
}

/** Rails' length messages. */
export const tooLong = (max: number): string => `is too long (maximum is ${max} characters)`
export const tooShort = (min: number): string => `is too short (minimum is ${min} characters)`
export const BLANK = "can't be blank"
export const INVALID = 'is invalid'
export const TAKEN = 'has already been taken'

import type { FieldErrors } from '@suite/runtime'

/** Collects validation messages per attribute, in the order they are found. */
export class ErrorCollector {
  private readonly errors: FieldErrors = {}

  add(field: string, message: string): void {
    ;(this.errors[field] ??= []).push(message)
  }

  get empty(): boolean {
    return Object.keys(this.errors).length === 0
  }

  toJSON(): FieldErrors {
    return this.errors
  }
}

/** Rails' messages. */
export const tooLong = (max: number): string => `is too long (maximum is ${max} characters)`
export const BLANK = "can't be blank"
export const TAKEN = 'has already been taken'

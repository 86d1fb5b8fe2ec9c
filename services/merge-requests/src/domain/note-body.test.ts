import { InvalidError } from '@suite/runtime'
import { assertLinearGrowth } from '@suite/runtime/testing'
import { MAX_NOTE_LENGTH, normaliseNoteBody, noteBodyToSave } from './note-body.js'

function invalidFields(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    if (error instanceof InvalidError) return error.fieldErrors
    throw error
  }
  throw new Error('expected an InvalidError')
}

describe('normaliseNoteBody: what the quick-actions extractor leaves of a note', () => {
  it.each([
    ['a multipart body', 'LGTM\r\nsecond line\r\n', 'LGTM\nsecond line'],
    ['a lone carriage return', 'one\rtwo', 'onetwo'],
    ['trailing spaces and tabs', 'done  \t ', 'done'],
    ['trailing blank lines', 'done\n\n\n', 'done'],
    ['Ruby whitespace and NUL at the end', 'done \v\f\0\n', 'done'],
  ])('%s', (_case, posted, stored) => expect(normaliseNoteBody(posted)).toBe(stored))

  it('keeps leading whitespace and the ends of inner lines (a Markdown hard break)', () => {
    expect(normaliseNoteBody('  indented  \r\nnext')).toBe('  indented  \nnext')
  })

  it('keeps Unicode spaces at the end, as Ruby rstrip does', () => {
    expect(normaliseNoteBody('done\u00a0\u3000')).toBe('done\u00a0\u3000')
  })

  it('leaves a clean body as it is', () => {
    expect(normaliseNoteBody('**bold**\n\n- item')).toBe('**bold**\n\n- item')
  })

  it.each([
    ['whitespace inside the body', (n: number) => `x${' \r\n'.repeat(n / 3)}y`],
    ['whitespace at its end', (n: number) => `x${' \r\n\t'.repeat(n / 4)}`],
  ])('works in time linear in the body: %s', (_shape, input) => {
    assertLinearGrowth({ input, run: normaliseNoteBody, n: 20_000 })
  })
})

describe('noteBodyToSave: validated as posted, then normalised', () => {
  it('answers the normalised body', () => {
    expect(noteBodyToSave('Danger says hi  \r\n\r\n')).toBe('Danger says hi')
  })

  it.each(['', '   ', '\r\n', '\0'])('refuses %j as blank', (posted) => {
    expect(invalidFields(() => noteBodyToSave(posted))).toEqual({ note: ["can't be blank"] })
  })

  it('checks the length on the posted body, before normalising', () => {
    const posted = `${'x'.repeat(MAX_NOTE_LENGTH - 1)}\r\n`
    expect(invalidFields(() => noteBodyToSave(posted))).toEqual({
      note: [`is too long (maximum is ${MAX_NOTE_LENGTH} characters)`],
    })
    expect(noteBodyToSave(`${'x'.repeat(MAX_NOTE_LENGTH - 1)}\n`)).toHaveLength(MAX_NOTE_LENGTH - 1)
  })
})

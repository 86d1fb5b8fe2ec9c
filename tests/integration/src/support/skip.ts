/**
 * `describe`, or `describe.skip` with a loud line naming what is missing when
 * `unavailable` gives a reason: a test that cannot run here never passes silently.
 */
export function describeUnless(unavailable: string | undefined, file: string): jest.Describe {
  if (!unavailable) return describe
  process.stderr.write(`\n*** ${file} SKIPPED: ${unavailable} ***\n\n`)
  return describe.skip
}

/** `it`, or `it.skip` with a loud line naming what is missing, as describeUnless does. */
export function itUnless(unavailable: string | undefined, name: string): jest.It {
  if (!unavailable) return it
  process.stderr.write(`\n*** "${name}" SKIPPED: ${unavailable} ***\n\n`)
  return it.skip
}

import { isLookupRefName, isObjectId, isValidFilePath, isValidNewRefName } from './ref-names.js'

describe('isValidNewRefName (GitRefValidator + check-ref-format)', () => {
  it.each(['main', 'feature/x', 'v1.0.0', 'release-1_2', 'a@b', 'ümlaut'])('accepts %s', (name) => {
    expect(isValidNewRefName(name)).toBe(true)
  })

  it.each([
    '',
    'a..b',
    '-start',
    'HEAD',
    'refs/heads/main',
    'refs/tags/v1',
    'refs/remotes/x',
    'a b',
    'a~1',
    'a^',
    'a:b',
    'a?',
    'a*',
    'a[b',
    'a\\b',
    'a\u0000b',
    'a\u007f',
    'a\nb',
    '/a',
    'a/',
    'a//b',
    'a.',
    '.hidden',
    'a/.b',
    'x.lock',
    'a/b.lock/c',
    '@',
    'a@{1}',
    'da39a3ee5e6b4b0d3255bfef95601890afd80709',
    'x'.repeat(2000),
  ])('refuses %j', (name) => {
    expect(isValidNewRefName(name)).toBe(false)
  })

  it('looks up existing names without the new-name rules', () => {
    expect(isLookupRefName('HEAD')).toBe(true)
    expect(isLookupRefName('-x')).toBe(false)
    expect(isLookupRefName('a..b')).toBe(false)
  })

  it('knows object ids', () => {
    expect(isObjectId('abcd')).toBe(true)
    expect(isObjectId('abc')).toBe(false)
    expect(isObjectId('main')).toBe(false)
  })
})

describe('isValidFilePath', () => {
  it.each(['README.md', 'src/a.ts', 'a/b/c.txt', '.gitignore', 'dir.git2/x'])(
    'accepts %s',
    (path) => {
      expect(isValidFilePath(path)).toBe(true)
    },
  )

  it.each([
    '',
    '/etc/passwd',
    '../x',
    'a/../b',
    'a/./b',
    'a//b',
    'a/',
    '.git/config',
    'sub/.GIT/x',
    'a\u0000b',
    'a\nb',
  ])('refuses %j', (path) => {
    expect(isValidFilePath(path)).toBe(false)
  })
})

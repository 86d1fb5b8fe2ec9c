import {
  isFullObjectId,
  isLookupRefName,
  isObjectFormat,
  isObjectId,
  isValidFilePath,
  isValidNewRefName,
} from './ref-names.js'

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

describe('object ids of both formats', () => {
  const sha1 = 'a'.repeat(40)
  const sha256 = 'b'.repeat(64)

  it('takes full SHA-1 and SHA-256 ids, nothing in between', () => {
    expect(isFullObjectId(sha1)).toBe(true)
    expect(isFullObjectId(sha256)).toBe(true)
    expect(isFullObjectId('c'.repeat(50))).toBe(false)
    expect(isFullObjectId('g'.repeat(40))).toBe(false)
  })

  it('looks up abbreviated and full ids of either format', () => {
    expect(isObjectId(sha256)).toBe(true)
    expect(isObjectId(sha256.slice(0, 7))).toBe(true)
    expect(isObjectId('d'.repeat(65))).toBe(false)
  })

  it('refuses a full id of either format as a new branch or tag name', () => {
    expect(isValidNewRefName(sha1)).toBe(false)
    expect(isValidNewRefName(sha256)).toBe(false)
    expect(isValidNewRefName('c'.repeat(50))).toBe(true)
  })

  it('knows the object formats git init takes', () => {
    expect(isObjectFormat('sha1')).toBe(true)
    expect(isObjectFormat('sha256')).toBe(true)
    expect(isObjectFormat('md5')).toBe(false)
  })
})

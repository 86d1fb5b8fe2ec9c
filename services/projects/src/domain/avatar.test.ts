import { avatarChange, MAX_AVATAR_BYTES, sanitizeFilename, validateAvatar } from './avatar.js'
import { ErrorCollector } from './field-errors.js'

const FORMATS =
  'file format is not supported. Please try one of the following supported formats: png, jpg, jpeg, gif, bmp, tiff, ico, webp'

describe('validateAvatar', () => {
  it('keeps an image with the content type its extension names', () => {
    const errors = new ErrorCollector()
    const stored = validateAvatar({ filename: 'Logo.JPG', content: Buffer.from('x') }, errors)
    expect(errors.empty).toBe(true)
    expect(stored).toEqual({
      filename: 'Logo.JPG',
      contentType: 'image/jpeg',
      content: Buffer.from('x'),
    })
  })

  it("refuses what is not an image with GitLab's message", () => {
    const errors = new ErrorCollector()
    expect(validateAvatar({ filename: 'page.html', content: Buffer.from('<p>') }, errors)).toBe(
      undefined,
    )
    expect(errors.toJSON()).toEqual({ avatar: [FORMATS] })
  })

  it('refuses more than 200 KiB', () => {
    const errors = new ErrorCollector()
    const content = Buffer.alloc(MAX_AVATAR_BYTES + 1)
    expect(validateAvatar({ filename: 'big.png', content }, errors)).toBe(undefined)
    expect(errors.toJSON()).toEqual({ avatar: ['is too big (should be at most 200 KiB)'] })
  })

  it('accepts exactly 200 KiB', () => {
    const errors = new ErrorCollector()
    validateAvatar({ filename: 'ok.webp', content: Buffer.alloc(MAX_AVATAR_BYTES) }, errors)
    expect(errors.empty).toBe(true)
  })
})

describe('sanitizeFilename', () => {
  it('keeps the last segment and replaces unsafe characters', () => {
    expect(sanitizeFilename('C:\\dir\\my logo (1).png')).toBe('my_logo__1_.png')
    expect(sanitizeFilename('../../etc/passwd')).toBe('passwd')
    expect(sanitizeFilename('..')).toBe('avatar')
  })
})

describe('avatarChange', () => {
  it('sets, removes or leaves the avatar', () => {
    const errors = new ErrorCollector()
    expect(avatarChange({}, errors)).toBe(undefined)
    expect(avatarChange({ remove: true }, errors)).toEqual({ kind: 'remove' })
    expect(
      avatarChange({ upload: { filename: 'a.gif', content: Buffer.from('g') } }, errors),
    ).toEqual({
      kind: 'set',
      avatar: { filename: 'a.gif', contentType: 'image/gif', content: Buffer.from('g') },
    })
  })
})

import { isEmojiName, normalizeEmojiName } from './emoji-names.js'

describe('emoji names', () => {
  it('knows the common award names', () => {
    for (const name of [
      'thumbsup',
      'thumbsdown',
      'tada',
      'rocket',
      'eyes',
      'heart',
      'blowfish',
      '8ball',
    ]) {
      expect(isEmojiName(name)).toBe(true)
    }
  })

  it('refuses what is not an emoji name', () => {
    for (const name of ['', 'no-such-emoji', ':thumbsup:', 'Thumbsup'])
      expect(isEmojiName(name)).toBe(false)
  })

  it('stores aliases under their emoji', () => {
    expect(normalizeEmojiName('+1')).toBe('thumbsup')
    expect(normalizeEmojiName('-1')).toBe('thumbsdown')
    expect(normalizeEmojiName('tada')).toBe('tada')
  })
})

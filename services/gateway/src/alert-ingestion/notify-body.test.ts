import { Readable } from 'node:stream'
import { nestsDeeperThan } from '../params/json-depth.js'
import { MAX_PAYLOAD_BYTES, isJsonObject, readNotifyBody } from './notify-body.js'

function nested(levels: number): string {
  return `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`
}

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(nestsDeeperThan(nested(100), 100)).toBe(false)
    expect(nestsDeeperThan(nested(101), 100)).toBe(true)
    expect(nestsDeeperThan('[[[]]]', 2)).toBe(true)
    expect(nestsDeeperThan(JSON.stringify({ a: '{{{{[[[["\\' }), 1)).toBe(false)
  })

  it('reads UTF-8 bytes as it reads the text', () => {
    expect(nestsDeeperThan(Buffer.from(`["é", ${nested(100)}]`), 100)).toBe(true)
    expect(nestsDeeperThan(Buffer.from(`["é", ${nested(99)}]`), 100)).toBe(false)
  })
})

describe('isJsonObject', () => {
  it('takes only a JSON object', () => {
    expect(isJsonObject('{"title":"x"}')).toBe(true)
    for (const text of ['[]', '"x"', '1', 'null', 'title=x', '']) {
      expect(isJsonObject(text)).toBe(false)
    }
  })
})

describe('readNotifyBody', () => {
  it('reads a body up to 1 MB and refuses a longer one without keeping it', async () => {
    const fits = 'x'.repeat(MAX_PAYLOAD_BYTES)
    await expect(readNotifyBody(Readable.from([Buffer.from(fits)]), undefined)).resolves.toEqual({
      ok: true,
      text: fits,
    })
    const over = [Buffer.from(fits), Buffer.from('y')]
    await expect(readNotifyBody(Readable.from(over), undefined)).resolves.toEqual({
      ok: false,
      reason: 'too_large',
      closeConnection: false,
    })
  })

  it('closes the connection for a declared length far past the limit', async () => {
    const result = await readNotifyBody(Readable.from([]), 1024 * 1024 * 1024)
    expect(result).toEqual({ ok: false, reason: 'too_large', closeConnection: true })
  })
})

import { p, saturatingInt32 } from './coercions.js'
import type { Param } from './param.js'

function read<T>(param: Param<T, boolean>, raw: unknown) {
  return param.read(raw)
}

describe('GitLab coercions', () => {
  it.each([
    ['true', true],
    ['True', true],
    ['TRUE', true],
    ['t', true],
    ['1', true],
    ['yes', true],
    ['Yes', true],
    ['on', true],
    [true, true],
    [1, true],
    ['false', false],
    ['False', false],
    ['f', false],
    ['0', false],
    ['no', false],
    ['NO', false],
    ['off', false],
    [false, false],
    [0, false],
  ])('reads %p as the boolean %p', (raw, expected) => {
    expect(read(p.bool(), raw)).toEqual({ ok: true, value: expected })
  })

  it.each(['maybe', '2', 2, {}, ['true']])('refuses %p as a boolean', (raw) => {
    expect(read(p.bool(), raw)).toEqual({ ok: false, message: 'is invalid' })
  })

  it('saturates integers beyond what a number holds exactly, as no id reaches them', () => {
    expect(read(p.int(), '99999999999999999999')).toEqual({
      ok: true,
      value: Number.MAX_SAFE_INTEGER,
    })
    expect(read(p.int(), '-99999999999999999999')).toEqual({
      ok: true,
      value: Number.MIN_SAFE_INTEGER,
    })
    expect(read(p.int(), 1e20)).toEqual({ ok: true, value: Number.MAX_SAFE_INTEGER })
  })

  it('refuses text with a NUL character, which PostgreSQL cannot store', () => {
    expect(read(p.string(), 'a\u0000b')).toEqual({ ok: false, message: 'is invalid' })
    expect(read(p.string(), 'ab')).toEqual({ ok: true, value: 'ab' })
  })

  it('reads integers from text and JSON, refusing garbage', () => {
    expect(read(p.int(), '42')).toEqual({ ok: true, value: 42 })
    expect(read(p.int(), ' -7 ')).toEqual({ ok: true, value: -7 })
    expect(read(p.int(), 12)).toEqual({ ok: true, value: 12 })
    for (const garbage of ['abc', '1.5', '12abc', 1.5, true]) {
      expect(read(p.int(), garbage)).toEqual({ ok: false, message: 'is invalid' })
    }
  })

  it('reads strings, numbers as text, and refuses objects', () => {
    expect(read(p.string(), 'x')).toEqual({ ok: true, value: 'x' })
    expect(read(p.string(), 12)).toEqual({ ok: true, value: '12' })
    expect(read(p.string(), { a: 1 })).toEqual({ ok: false, message: 'is invalid' })
  })

  it('reads arrays from name[]=, JSON, a single value, or a comma list', () => {
    expect(read(p.array(p.int()), ['1', '2'])).toEqual({ ok: true, value: [1, 2] })
    expect(read(p.array(p.int()), '3')).toEqual({ ok: true, value: [3] })
    expect(read(p.array(p.string(), { commaSeparated: true }), 'api,read_user')).toEqual({
      ok: true,
      value: ['api', 'read_user'],
    })
    expect(read(p.array(p.int()), ['1', 'x'])).toEqual({ ok: false, message: 'is invalid' })
    // qs's form of a long a[]= list
    expect(read(p.array(p.int()), { '1': '8', '0': '7', '10': '9' })).toEqual({
      ok: true,
      value: [7, 8, 9],
    })
  })

  it('checks allowed values per element', () => {
    const scopes = p.array(p.string().values(['api', 'read_api']))
    expect(read(scopes, ['api'])).toEqual({ ok: true, value: ['api'] })
    expect(read(scopes, ['api', 'root'])).toEqual({
      ok: false,
      message: 'does not have a valid value',
    })
  })

  it('reads hashes from name[key]=value or a JSON object', () => {
    expect(read(p.hash(p.string()), { KEY: 'v', N: 1 })).toEqual({
      ok: true,
      value: { KEY: 'v', N: '1' },
    })
    expect(read(p.hash(p.string()), 'flat')).toEqual({ ok: false, message: 'is invalid' })
  })

  it('reads dates and the date part of a time', () => {
    expect(read(p.date(), '2026-12-31')).toEqual({ ok: true, value: '2026-12-31' })
    expect(read(p.date(), '2026-12-31T10:00:00Z')).toEqual({ ok: true, value: '2026-12-31' })
    expect(read(p.date(), '2026-13-45')).toEqual({ ok: false, message: 'is invalid' })
  })
})

describe('saturatingInt32', () => {
  it('keeps an int32 and saturates anything beyond', () => {
    expect(saturatingInt32(30)).toBe(30)
    expect(saturatingInt32(2 ** 31)).toBe(2 ** 31 - 1)
    expect(saturatingInt32(Number.MAX_SAFE_INTEGER)).toBe(2 ** 31 - 1)
    expect(saturatingInt32(-(2 ** 40))).toBe(-(2 ** 31))
  })
})

describe('p.int32', () => {
  it('reads an int32 and refuses a larger integer as not a valid value', () => {
    expect(read(p.int32(), '2147483647')).toEqual({ ok: true, value: 2147483647 })
    expect(read(p.int32(), -5)).toEqual({ ok: true, value: -5 })
    expect(read(p.int32(), '2147483648')).toEqual({
      ok: false,
      message: 'does not have a valid value',
    })
    expect(read(p.int32(), '99999999999999999999').ok).toBe(false)
    expect(read(p.int32(), 'x')).toEqual({ ok: false, message: 'is invalid' })
  })
})

describe('p.iid', () => {
  it('reads an iid and saturates one beyond int32, which no row holds', () => {
    expect(read(p.iid(), '42')).toEqual({ ok: true, value: 42 })
    expect(read(p.iid(), '2147483648')).toEqual({ ok: true, value: 2 ** 31 - 1 })
    expect(read(p.iid(), '18446744073709551616')).toEqual({ ok: true, value: 2 ** 31 - 1 })
    expect(read(p.iid(), '-9223372036854775809')).toEqual({ ok: true, value: -(2 ** 31) })
    expect(read(p.iid(), '1e3')).toEqual({ ok: false, message: 'is invalid' })
  })

  it('saturates every element of an iids[] list', () => {
    expect(read(p.array(p.iid()), ['1', '9223372036854775808'])).toEqual({
      ok: true,
      value: [1, 2 ** 31 - 1],
    })
  })
})

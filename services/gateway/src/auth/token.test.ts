import type { Request } from 'express'
import { extractSudo, extractToken } from './token.js'

function request(headers: Record<string, string>): Request {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
  return { get: (name: string) => lower[name.toLowerCase()] } as unknown as Request
}

describe('extractToken', () => {
  it('reads the PRIVATE-TOKEN header', () => {
    expect(extractToken(request({ 'PRIVATE-TOKEN': 'a' }), {})).toBe('a')
  })

  it('reads Authorization: Bearer in any case', () => {
    expect(extractToken(request({ Authorization: 'Bearer b' }), {})).toBe('b')
    expect(extractToken(request({ Authorization: 'bearer  b ' }), {})).toBe('b')
    expect(extractToken(request({ Authorization: 'Basic Zm9v' }), {})).toBeUndefined()
  })

  it('reads the private_token and access_token parameters', () => {
    expect(extractToken(request({}), { private_token: 'c' })).toBe('c')
    expect(extractToken(request({}), { access_token: 'd' })).toBe('d')
  })

  it('ignores empty and non-text values', () => {
    expect(extractToken(request({ 'PRIVATE-TOKEN': '' }), { private_token: ['x'] })).toBeUndefined()
  })
})

describe('extractSudo', () => {
  it('takes the sudo parameter before the Sudo header', () => {
    expect(extractSudo(request({ Sudo: 'bob' }), {})).toBe('bob')
    expect(extractSudo(request({ Sudo: 'bob' }), { sudo: 'carol' })).toBe('carol')
    expect(extractSudo(request({}), { sudo: 7 })).toBe('7')
  })
})

import { BlockedUrlError, checkAddress, checkHookUrl, maskedUrl } from './hook-url.js'

const blocked = (address: string) => {
  try {
    checkAddress(address, false)
    return undefined
  } catch (err) {
    return err instanceof BlockedUrlError ? err.message : String(err)
  }
}

describe('the webhook url guard', () => {
  it("refuses each kind of local address with GitLab's reason", () => {
    expect(blocked('127.0.0.1')).toBe('Requests to loopback addresses are not allowed')
    expect(blocked('::1')).toBe('Requests to loopback addresses are not allowed')
    expect(blocked('::ffff:127.0.0.2')).toBe('Requests to loopback addresses are not allowed')
    expect(blocked('0.0.0.0')).toBe('Requests to localhost are not allowed')
    expect(blocked('10.0.0.1')).toBe('Requests to the local network are not allowed')
    expect(blocked('172.16.5.4')).toBe('Requests to the local network are not allowed')
    expect(blocked('192.168.1.1')).toBe('Requests to the local network are not allowed')
    expect(blocked('fd00::1')).toBe('Requests to the local network are not allowed')
    expect(blocked('169.254.169.254')).toBe('Requests to the link local network are not allowed')
    expect(blocked('fe80::1')).toBe('Requests to the link local network are not allowed')
    expect(blocked('100.64.0.1')).toBe('Requests to the shared address space are not allowed')
    expect(blocked('255.255.255.255')).toBe(
      'Requests to the limited broadcast address are not allowed',
    )
    expect(blocked('93.184.216.34')).toBeUndefined()
    expect(blocked('2606:2800:220:1:248:1893:25c8:1946')).toBeUndefined()
  })

  it('allows local addresses when the instance does', () => {
    expect(() => checkAddress('127.0.0.1', true)).not.toThrow()
  })

  it('checks the scheme, the name and what the name resolves to', async () => {
    const resolve = (addresses: string[]) => () => Promise.resolve(addresses)
    await expect(checkHookUrl('ftp://example.com/', true)).rejects.toThrow('Only allowed schemes')
    await expect(checkHookUrl('not a url', true)).rejects.toThrow(BlockedUrlError)
    await expect(checkHookUrl('http://LOCALHOST:8080/', false)).rejects.toThrow('localhost')
    await expect(
      checkHookUrl('http://internal.example/', false, resolve(['93.184.216.34', '10.0.0.5'])),
    ).rejects.toThrow('local network')
    await expect(
      checkHookUrl('https://hooks.example/', false, resolve(['93.184.216.34'])),
    ).resolves.toBeUndefined()
    // A name that does not resolve now is checked again when a delivery connects.
    await expect(
      checkHookUrl('https://later.example/', false, () => Promise.reject(new Error('ENOTFOUND'))),
    ).resolves.toBeUndefined()
    await expect(checkHookUrl('http://[::1]:9/', false)).rejects.toThrow('loopback')
  })

  it('masks the credentials of a url in logs', () => {
    expect(maskedUrl('https://user:pass@hooks.example/x?y=1')).toBe(
      'https://*****:*****@hooks.example/x?y=1',
    )
    expect(maskedUrl('https://hooks.example/x')).toBe('https://hooks.example/x')
  })
})

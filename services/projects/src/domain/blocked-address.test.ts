import { blockedAddressReason } from './blocked-address.js'

const LOCAL = 'Requests to the local network are not allowed'
const LINK_LOCAL = 'Requests to the link local network are not allowed'
const LOOPBACK = 'Requests to loopback addresses are not allowed'

describe('the addresses a webhook may not reach', () => {
  it.each([
    // NAT64, well-known prefix: refused whatever it embeds, with the embedded reason when local.
    ['64:ff9b::a9fe:a9fe', LINK_LOCAL], // 169.254.169.254
    ['64:ff9b::7f00:1', LOOPBACK], // 127.0.0.1
    ['64:ff9b::a00:1', LOCAL], // 10.0.0.1
    ['64:ff9b::5db8:d822', LOCAL], // 93.184.216.34, public, still through a translator
    // NAT64, local-use prefix.
    ['64:ff9b:1::1', LOCAL],
    ['64:ff9b:1:ffff::a00:1', LOCAL],
    // 6to4: the IPv4 address sits in bits 16-48.
    ['2002:a9fe:a9fe::1', LINK_LOCAL],
    ['2002:c0a8:101::1', LOCAL], // 192.168.1.1
    ['2002:5db8:d822::1', LOCAL],
    // Teredo.
    ['2001::1', LOCAL],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', LOCAL],
    // Site-local, unique local, link-local, multicast, discard, documentation.
    ['fec0::1', LOCAL],
    ['feff:ffff::1', LOCAL],
    ['fc00::1', LOCAL],
    ['fdff:ffff::1', LOCAL],
    ['fe80::1', LINK_LOCAL],
    ['febf::1', LINK_LOCAL],
    ['ff02::1', LOCAL],
    ['100::1', LOCAL],
    ['2001:db8::1', LOCAL],
    // IPv4-mapped: judged as the IPv4 address.
    ['::ffff:169.254.169.254', LINK_LOCAL],
    ['::ffff:a9fe:a9fe', LINK_LOCAL],
    ['::ffff:10.0.0.1', LOCAL],
    ['::ffff:127.0.0.1', LOOPBACK],
    // IPv4-compatible and SIIT-translated forms.
    ['::a9fe:a9fe', LINK_LOCAL],
    ['::10.0.0.1', LOCAL],
    ['::5db8:d822', LOCAL],
    ['::ffff:0:a00:1', LOCAL],
    ['::ffff:0:5db8:d822', LOCAL],
    // The plain ones.
    ['::', 'Requests to localhost are not allowed'],
    ['::1', LOOPBACK],
    ['169.254.169.254', LINK_LOCAL],
    ['198.18.0.1', LOCAL],
  ])('refuses %s', (address, reason) => {
    expect(blockedAddressReason(address)).toBe(reason)
  })

  it.each([
    '93.184.216.34',
    '::ffff:93.184.216.34',
    '::ffff:5db8:d822',
    '2606:2800:220:1:248:1893:25c8:1946',
    '2a00:1450:4001:82b::200e',
    // Just outside the refused prefixes.
    '64:ff9a:ffff::1',
    '2003::1',
    '2001:4860:4860::8888',
  ])('allows %s', (address) => {
    expect(blockedAddressReason(address)).toBeUndefined()
  })
})

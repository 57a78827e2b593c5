import { describe, expect, it } from 'vitest'
import { hostnameRefusal, nonPublicKind, type EgressRule } from './address-rule.js'

const production: EgressRule = { environment: 'PRODUCTION', allowLoopback: true }
const localSandbox: EgressRule = { environment: 'SANDBOX', allowLoopback: true }
const sharedSandbox: EgressRule = { environment: 'SANDBOX', allowLoopback: false }

describe('nonPublicKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.100.100.200', 'shared (CGNAT)'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'documentation'],
    ['198.51.100.1', 'documentation'],
    ['203.0.113.7', 'documentation'],
    ['198.18.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['240.0.0.1', 'reserved'],
  ])('IPv4 %s is %s', (address, kind) => {
    expect(nonPublicKind(address)).toBe(kind)
  })

  it.each([
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private'],
    ['fd00:ec2::254', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'reserved'],
    ['2002:a00:1::1', 'reserved'],
    ['64:ff9b::a00:1', 'reserved'],
    ['::a00:1', 'reserved'],
  ])('IPv6 %s is %s', (address, kind) => {
    expect(nonPublicKind(address)).toBe(kind)
  })

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:100.64.0.1', 'shared (CGNAT)'],
  ])('IPv4-mapped %s is %s, as its IPv4 address', (address, kind) => {
    expect(nonPublicKind(address)).toBe(kind)
  })

  it('finds public unicast addresses public, mapped ones included', () => {
    for (const address of ['8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '2a00:1450:4001::200e', '::ffff:8.8.8.8']) {
      expect(nonPublicKind(address), address).toBeUndefined()
    }
  })

  it('calls what is no IP address invalid', () => {
    expect(nonPublicKind('example.com')).toBe('invalid')
  })
})

describe('hostnameRefusal', () => {
  it("lets local development's sandbox reach loopback, by address or by name, and nothing else that is not public", () => {
    for (const host of ['127.0.0.1', '[::1]', 'localhost', 'hooks.localhost', 'LOCALHOST.']) {
      expect(hostnameRefusal(host, localSandbox), host).toBeUndefined()
    }
    expect(hostnameRefusal('10.0.0.1', localSandbox)).toBe('10.0.0.1 is a private address')
    expect(hostnameRefusal('169.254.169.254', localSandbox)).toBe('169.254.169.254 is a link-local address')
    expect(hostnameRefusal('[::ffff:192.168.0.1]', localSandbox)).toBe('::ffff:192.168.0.1 is a private address')
  })

  it('refuses loopback in production, and in the sandbox of a deployment that is not local development', () => {
    for (const rule of [production, sharedSandbox]) {
      expect(hostnameRefusal('127.0.0.1', rule)).toBe('127.0.0.1 is a loopback address')
      expect(hostnameRefusal('[::1]', rule)).toBe('::1 is a loopback address')
      expect(hostnameRefusal('[::ffff:7f00:1]', rule)).toBe('::ffff:7f00:1 is a loopback address')
      expect(hostnameRefusal('localhost', rule)).toBe('localhost names the loopback interface')
    }
  })

  it('refuses internal and unqualified names in both environments', () => {
    for (const rule of [localSandbox, sharedSandbox, production]) {
      expect(hostnameRefusal('metadata.google.internal', rule)).toBe('metadata.google.internal is an internal name')
      expect(hostnameRefusal('printer.local', rule)).toBe('printer.local is an internal name')
      expect(hostnameRefusal('metadata', rule)).toBe('metadata is not a fully qualified domain name')
    }
  })

  it('leaves a public name and a public address to be reached', () => {
    expect(hostnameRefusal('hooks.example.com', production)).toBeUndefined()
    expect(hostnameRefusal('8.8.8.8', production)).toBeUndefined()
    expect(hostnameRefusal('[2606:4700::1111]', production)).toBeUndefined()
  })
})

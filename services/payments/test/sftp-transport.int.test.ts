import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostKeyFingerprint, sftpTransport } from '../src/providers/sftp/sftp-transport.js'
import { ed25519KeyPair, startTestBank, type TestBank } from './bank-sftp.js'

describe('sftpTransport against an SFTP server on the loopback', () => {
  let bank: TestBank
  beforeAll(async () => {
    bank = await startTestBank()
  })
  afterAll(() => bank.close())

  it('uploads a file whole into the outbound folder', async () => {
    await sftpTransport(bank.settings).upload('ACH-1.ach', 'file content\n')
    expect(bank.received()).toEqual(new Map([['ACH-1.ach', 'file content\n']]))
    expect([...bank.files.keys()].some((path) => path.endsWith('.part'))).toBe(false)
  })

  it('lists and downloads the return files the bank left', async () => {
    bank.drop('RET-2.ach', 'second')
    bank.drop('RET-1.ach', 'first')
    const transport = sftpTransport(bank.settings)
    expect(await transport.listInbound()).toEqual(['RET-1.ach', 'RET-2.ach'])
    expect((await transport.download('RET-1.ach')).toString()).toBe('first')
  })

  it('refuses a server whose host key is not the configured one', async () => {
    const wrong = sftpTransport({ ...bank.settings, hostKeyFingerprint: hostKeyFingerprint(ed25519KeyPair().parsed.getPublicSSH()) })
    await expect(wrong.upload('ACH-2.ach', 'x')).rejects.toThrow(/presented host key SHA256:.* not the configured/)
    expect(bank.received().has('ACH-2.ach')).toBe(false)
  })

  it('refuses names that would leave the configured folder', async () => {
    await expect(sftpTransport(bank.settings).download('../outbound/ACH-1.ach')).rejects.toThrow(/plain file name/)
  })
})

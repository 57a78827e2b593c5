import { timingSafeEqual } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { posix } from 'node:path'
import ssh2, { type Connection, type SFTPWrapper } from 'ssh2'
import { hostKeyFingerprint, type SftpSettings } from '../src/providers/sftp/sftp-transport.js'

const { Server, utils } = ssh2
const { OPEN_MODE, STATUS_CODE } = utils.sftp

/**
 * The bank in tests: an SFTP server on the loopback (ssh2's server) over an in-memory folder tree.
 * It takes the platform's files in `outbound/` and serves what a test leaves in `inbound/`.
 */
export interface TestBank {
  /** Settings a client needs to reach this server as the platform's user. */
  settings: SftpSettings
  /** Files by full path, e.g. `/outbound/ACH-....ach`. */
  files: Map<string, Buffer>
  /** Leaves a return file for the platform to fetch. */
  drop(name: string, content: string): void
  /** The files the platform uploaded, by name. */
  received(): Map<string, string>
  close(): Promise<void>
}

/**
 * A fresh Ed25519 key pair with its public key parsed. ssh2 1.17's generateKeyPairSync writes the
 * public key of about one pair in 256 with its leading zero byte dropped (31 bytes), which its own
 * parseKey then refuses as malformed: such a pair is drawn again.
 */
export function ed25519KeyPair(): { private: string; public: string; parsed: ssh2.ParsedKey } {
  for (;;) {
    const pair = utils.generateKeyPairSync('ed25519')
    const parsed = utils.parseKey(pair.public)
    if (!(parsed instanceof Error)) return { ...pair, parsed }
  }
}

/** A rail's transport settings (`ACH_SFTP_*`, `SEPA_SFTP_*`) to reach `bank`, its key in `keyFile`. */
export const sftpEnvOf = (prefix: 'ACH' | 'SEPA', bank: TestBank, keyFile: string): Record<string, string> => ({
  [`${prefix}_SFTP_HOST`]: bank.settings.host,
  [`${prefix}_SFTP_PORT`]: String(bank.settings.port),
  [`${prefix}_SFTP_USER`]: bank.settings.username,
  [`${prefix}_SFTP_PRIVATE_KEY_FILE`]: keyFile,
  [`${prefix}_SFTP_HOST_KEY_FINGERPRINT`]: bank.settings.hostKeyFingerprint,
})

/** The SEPA rail's settings against `bank` (its own folders), the platform as the debtor. */
export const sepaEnvOf = (bank: TestBank, keyFile: string): Record<string, string> => ({
  ...sftpEnvOf('SEPA', bank, keyFile),
  SEPA_SFTP_OUTBOUND_DIR: '/sepa-out',
  SEPA_SFTP_INBOUND_DIR: '/sepa-in',
  SEPA_DEBTOR_NAME: 'Payments Inc',
  SEPA_DEBTOR_IBAN: 'FR1420041010050500013M02606',
  SEPA_INITIATING_PARTY_ID: 'PAYMENTSINC',
})

export async function startTestBank(): Promise<TestBank> {
  const hostKey = ed25519KeyPair()
  const user = ed25519KeyPair()
  const allowed = user.parsed
  const files = new Map<string, Buffer>()
  const server = new Server({ hostKeys: [hostKey.private] }, (client: Connection) => {
    client.on('authentication', (ctx) => {
      const ok =
        ctx.method === 'publickey' &&
        ctx.username === 'platform' &&
        ctx.key.algo === allowed.type &&
        ctx.key.data.length === allowed.getPublicSSH().length &&
        timingSafeEqual(ctx.key.data, allowed.getPublicSSH()) &&
        (!ctx.signature || !ctx.blob || allowed.verify(ctx.blob, ctx.signature, ctx.hashAlgo) === true)
      if (ok) ctx.accept()
      else ctx.reject(['publickey'])
    })
    client.on('ready', () => {
      client.on('session', (accept) => {
        accept().on('sftp', (acceptSftp) => serveFolder(acceptSftp(), files))
      })
    })
    client.on('error', () => undefined)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const hostPublic = hostKey.parsed
  return {
    settings: {
      host: '127.0.0.1',
      port: (server.address() as AddressInfo).port,
      username: 'platform',
      privateKey: user.private,
      hostKeyFingerprint: hostKeyFingerprint(hostPublic.getPublicSSH()),
      outboundDir: '/outbound',
      inboundDir: '/inbound',
      timeoutMs: 5_000,
    },
    files,
    drop: (name, content) => void files.set(`/inbound/${name}`, Buffer.from(content)),
    received: () =>
      new Map([...files].filter(([path]) => path.startsWith('/outbound/') && !path.endsWith('.part')).map(([path, data]) => [posix.basename(path), data.toString()])),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Enough of SFTP for a file drop: open, read, write, close, list, stat, rename. */
function serveFolder(sftp: SFTPWrapper, files: Map<string, Buffer>): void {
  const handles = new Map<number, { path: string; listed?: boolean }>()
  let next = 0
  const open = (path: string) => {
    next += 1
    handles.set(next, { path })
    const handle = Buffer.alloc(4)
    handle.writeUInt32BE(next)
    return handle
  }
  const of = (handle: Buffer) => handles.get(handle.readUInt32BE(0))
  const attrs = (size: number, directory = false) => ({ mode: (directory ? 0o040000 : 0o100000) | 0o644, uid: 0, gid: 0, size, atime: 0, mtime: 0 })
  sftp.on('OPEN', (id, filename, flags) => {
    if (flags & OPEN_MODE.WRITE) files.set(filename, Buffer.alloc(0))
    else if (!files.has(filename)) return sftp.status(id, STATUS_CODE.NO_SUCH_FILE)
    sftp.handle(id, open(filename))
  })
  sftp.on('WRITE', (id, handle, offset, data) => {
    const file = of(handle)
    if (!file) return sftp.status(id, STATUS_CODE.FAILURE)
    const current = files.get(file.path) ?? Buffer.alloc(0)
    const grown = Buffer.alloc(Math.max(current.length, offset + data.length))
    current.copy(grown)
    data.copy(grown, offset)
    files.set(file.path, grown)
    sftp.status(id, STATUS_CODE.OK)
  })
  sftp.on('READ', (id, handle, offset, length) => {
    const data = files.get(of(handle)?.path ?? '')
    if (!data || offset >= data.length) return sftp.status(id, STATUS_CODE.EOF)
    sftp.data(id, data.subarray(offset, offset + length))
  })
  sftp.on('FSTAT', (id, handle) => sftp.attrs(id, attrs(files.get(of(handle)?.path ?? '')?.length ?? 0)))
  const stat = (id: number, path: string) => {
    const data = files.get(path)
    if (data) return sftp.attrs(id, attrs(data.length))
    const isFolder = [...files.keys()].some((name) => name.startsWith(`${path}/`))
    return isFolder ? sftp.attrs(id, attrs(0, true)) : sftp.status(id, STATUS_CODE.NO_SUCH_FILE)
  }
  sftp.on('STAT', stat)
  sftp.on('LSTAT', stat)
  sftp.on('CLOSE', (id, handle) => {
    handles.delete(handle.readUInt32BE(0))
    sftp.status(id, STATUS_CODE.OK)
  })
  sftp.on('OPENDIR', (id, path) => sftp.handle(id, open(path)))
  sftp.on('READDIR', (id, handle) => {
    const folder = of(handle)
    if (!folder || folder.listed) return sftp.status(id, STATUS_CODE.EOF)
    folder.listed = true
    const names = [...files].filter(([path]) => posix.dirname(path) === folder.path)
    sftp.name(
      id,
      names.map(([path, data]) => ({ filename: posix.basename(path), longname: `-rw-r--r-- 1 bank bank ${data.length} ${posix.basename(path)}`, attrs: attrs(data.length) })),
    )
  })
  sftp.on('RENAME', (id, from, to) => {
    const data = files.get(from)
    if (!data) return sftp.status(id, STATUS_CODE.NO_SUCH_FILE)
    files.delete(from)
    files.set(to, data)
    sftp.status(id, STATUS_CODE.OK)
  })
  sftp.on('REALPATH', (id, path) => sftp.name(id, [{ filename: posix.resolve('/', path), longname: '', attrs: attrs(0, true) }]))
}

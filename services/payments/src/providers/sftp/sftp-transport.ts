import { createHash } from 'node:crypto'
import { posix } from 'node:path'
import { Client, type SFTPWrapper } from 'ssh2'

/** Where the bank's SFTP server is and how this platform proves itself to it. */
export interface SftpSettings {
  host: string
  port: number
  username: string
  /** OpenSSH or PEM private key of the platform's SFTP user. */
  privateKey: string
  /** The server's host key as OpenSSH prints it (`SHA256:` and unpadded base64); any other key is refused. */
  hostKeyFingerprint: string
  /** The folder the bank collects files from. */
  outboundDir: string
  /** The folder the bank leaves return files in. */
  inboundDir: string
  timeoutMs: number
}

/** The bank's file drop: files out, return files in. */
export interface BankTransport {
  /** Writes `name` into the outbound folder whole: written under a temporary name, then renamed. */
  upload(name: string, content: string): Promise<void>
  /** The names of the files in the inbound folder. */
  listInbound(): Promise<string[]>
  download(name: string): Promise<Buffer>
}

/** The OpenSSH fingerprint of a host key blob: `SHA256:` and unpadded base64 of its SHA-256. */
export const hostKeyFingerprint = (key: Buffer): string => `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`

export function sftpTransport(settings: SftpSettings): BankTransport {
  return {
    upload: (name, content) =>
      withSftp(settings, async (sftp) => {
        const target = posix.join(settings.outboundDir, safeName(name))
        const partial = `${target}.part`
        await call<void>((done) => sftp.writeFile(partial, content, done))
        await call<void>((done) => sftp.rename(partial, target, done))
      }),
    listInbound: () =>
      withSftp(settings, async (sftp) => {
        const entries = await call<Array<{ filename: string; longname: string }>>((done) => sftp.readdir(settings.inboundDir, done))
        // directories and links show a type letter other than '-' in the long name
        return entries
          .filter((entry) => !entry.longname.startsWith('d') && !entry.filename.startsWith('.'))
          .map((entry) => entry.filename)
          .sort()
      }),
    download: (name) => withSftp(settings, (sftp) => call<Buffer>((done) => sftp.readFile(posix.join(settings.inboundDir, safeName(name)), done))),
  }
}

/** A plain file name: never a path that leaves the configured folder. */
function safeName(name: string): string {
  if (!/^[A-Za-z0-9._-]+$/.test(name) || name.startsWith('.')) throw new Error(`not a plain file name: ${name}`)
  return name
}

/** One connection per use: files are few a day, and a held connection would only go stale. */
function withSftp<T>(settings: SftpSettings, use: (sftp: SFTPWrapper) => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const client = new Client()
    let presented: string | undefined
    let settled = false
    const finish = (err: unknown, value?: T) => {
      if (settled) return
      settled = true
      client.end()
      if (err) reject(err instanceof Error ? err : new Error(String(err)))
      else resolve(value as T)
    }
    client.on('error', (err) => {
      const refused = presented !== undefined && presented !== settings.hostKeyFingerprint
      finish(refused ? new Error(`the SFTP server ${settings.host} presented host key ${presented}, not the configured ${settings.hostKeyFingerprint}`) : err)
    })
    client.on('ready', () => {
      client.sftp((err, sftp) => {
        if (err) return finish(err)
        use(sftp).then(
          (value) => finish(undefined, value),
          (failure: unknown) => finish(failure),
        )
      })
    })
    client.connect({
      host: settings.host,
      port: settings.port,
      username: settings.username,
      privateKey: settings.privateKey,
      readyTimeout: settings.timeoutMs,
      hostVerifier: (key: Buffer) => {
        presented = hostKeyFingerprint(key)
        return presented === settings.hostKeyFingerprint
      },
    })
  })
}

function call<T>(start: (done: (err: Error | null | undefined, value: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => start((err, value) => (err ? reject(err) : resolve(value))))
}

import type { SigningKey } from '@pp/proto/webhooks/v1/operator'
import { durationSeconds, environmentOption, parseCommandArgs } from '../args.js'
import { table, timeText, type Command } from '../command.js'

const keyRow = (key: SigningKey) => [key.status, key.publicKey, timeText(key.createdAt), timeText(key.retiresAt)]
const HEADER = ['STATUS', 'PUBLIC KEY', 'CREATED', 'RETIRES']

const rotate: Command = {
  usage: '--environment SANDBOX|PRODUCTION [--overlap 24h]',
  summary: "make a new webhook signing key current; the replaced one keeps verifying for the overlap (0: it retires at once)",
  async run(args, services) {
    const parsed = parseCommandArgs(args, { environment: { type: 'string' }, overlap: { type: 'string' } })
    const environment = environmentOption(parsed.values.environment)
    const overlapSeconds = typeof parsed.values.overlap === 'string' ? durationSeconds(parsed.values.overlap, 'overlap') : undefined
    const client = services.webhooksOperator()
    const rotation = await services.call(client, client.rotateSigningKey, { environment, overlapSeconds })
    const current = rotation.currentKey!
    const previous = rotation.previousKey!
    return {
      data: rotation,
      text: [
        `Rotated the ${environment} webhook signing key. Every webhook attempt from now on is signed with the new key;`,
        `GET /webhooks/signing-key lists the replaced one in previousKeys until ${timeText(previous.retiresAt)}.`,
        table(HEADER, [keyRow(current), keyRow(previous)]),
      ].join('\n'),
    }
  },
}

const list: Command = {
  usage: '--environment SANDBOX|PRODUCTION',
  summary: "list an environment's webhook signing keys, newest first: current, retiring and retired",
  async run(args, services) {
    const parsed = parseCommandArgs(args, { environment: { type: 'string' } })
    const client = services.webhooksOperator()
    const { keys } = await services.call(client, client.listSigningKeys, { environment: environmentOption(parsed.values.environment) })
    return { data: keys, text: table(HEADER, keys.map(keyRow)) }
  },
}

export const webhookKeyCommands = { rotate, list }

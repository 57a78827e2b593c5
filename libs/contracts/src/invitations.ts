import { z } from '@hono/zod-openapi'
import * as f from './customer-fields.js'
import { CurrencyAmountSchema } from './internal-accounts.js'
import { AMOUNT_MAX } from './payment-fields.js'

/** Any text: the customers service answers INVALID_UMA_ADDRESS for one that is not `$user@domain`. */
const UmaAddressText = z.string().min(1).max(255).openapi({ example: '$alice@uma.example.com' })

export const UmaInvitationStatus = z.enum(['PENDING', 'CLAIMED', 'EXPIRED', 'CANCELLED']).openapi('UmaInvitationStatus')

export const UmaInvitationSchema = z
  .object({
    code: z.string().openapi({ example: '019542f5a1b2c3d4' }),
    createdAt: f.Timestamp,
    claimedAt: f.Timestamp.optional(),
    url: z.string().openapi({ description: 'Where the invitation is claimed', example: 'https://uma.example.com/i/019542f5a1b2c3d4' }),
    expiresAt: f.Timestamp.optional(),
    inviterUma: z.string().openapi({ example: '$inviter@uma.example.com' }),
    inviteeUma: z.string().optional().openapi({ example: '$invitee@uma.example.com' }),
    status: UmaInvitationStatus,
    firstName: z.string().optional(),
    amountToSend: CurrencyAmountSchema.optional().openapi({ description: 'Display only: the inviter platform sends it once the invitation is claimed' }),
  })
  .openapi('UmaInvitation')

export type UmaInvitation = z.output<typeof UmaInvitationSchema>

export const UmaInvitationCreateRequestSchema = z
  .object({
    inviterUma: UmaAddressText.openapi({ description: "The UMA address of one of the platform's customers" }),
    firstName: f.Text().optional(),
    amountToSend: z.number().int().min(1).max(AMOUNT_MAX).optional().openapi({ description: "In the smallest unit of the inviter's currency" }),
    expiresAt: f.Timestamp.optional(),
  })
  .openapi('UmaInvitationCreateRequest')

export const UmaInvitationClaimRequestSchema = z
  .object({ inviteeUma: UmaAddressText.openapi({ description: 'The UMA address claiming the invitation' }) })
  .openapi('UmaInvitationClaimRequest')

export const InvitationCodeParamsSchema = z.object({
  invitationCode: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/)
    .openapi({ param: { name: 'invitationCode', in: 'path' }, example: '019542f5a1b2c3d4' }),
})

import { callerOf, unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type { CreateKycLinkRequest, CreateKycLinkResponse, KycLinksServiceServer } from '@pp/proto/customers/v1/kyc_links'
import type { CustomersDeps } from '../domain/deps.js'
import { createKycLink } from '../domain/kyc-links/create-kyc-link.js'

export function kycLinksService(deps: CustomersDeps, logger: Logger): KycLinksServiceServer {
  return unaryService(logger, {
    async createKycLink(request: CreateKycLinkRequest, ctx): Promise<CreateKycLinkResponse> {
      const link = await createKycLink(deps, callerOf(ctx), request, ctx.idempotencyKey)
      return { ...link, expiresAt: new Date(link.expiresAt) }
    },
  })
}

import { callerOf, unaryService, type HandlerContext } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type {
  AuthorizeScaChallengeRequest,
  CompleteScaLoginRequest,
  CompleteTwoFactorResetRequest,
  ConfirmScaFactorEnrollmentRequest,
  DeleteScaFactorRequest,
  GetScaRequirementRequest,
  GetTwoFactorResetRequest,
  IssueScaChallengeRequest,
  ListScaFactorsRequest,
  RecordSecurityEventRequest,
  ResendScaCodeRequest,
  StartScaFactorEnrollmentRequest,
  StartScaLoginRequest,
  StartTwoFactorResetRequest,
  ScaServiceServer,
} from '@pp/proto/customers/v1/sca'
import type { CustomersDeps } from '../domain/deps.js'
import { confirmFactorEnrolment, deleteScaFactor, startFactorEnrolment } from '../domain/sca/enrolment.js'
import { listScaFactors } from '../domain/sca/factors.js'
import { completeScaLogin, recordSecurityEvent, startScaLogin } from '../domain/sca/login.js'
import { completeTwoFactorReset, getTwoFactorReset, startTwoFactorReset } from '../domain/sca/reset.js'
import {
  authorizeTransactionChallenge,
  issueTransactionChallenge,
  resendTransactionCode,
  scaRequirement,
} from '../domain/sca/transaction-challenges.js'

const result = (view: unknown) => ({ resultJson: JSON.stringify(view) })

/** customers.v1.ScaService: the API's SCA operations (answers as JSON), and the facts payments asks for. */
export function scaService(deps: CustomersDeps, logger: Logger): ScaServiceServer {
  return unaryService(logger, {
    listScaFactors: async (request: ListScaFactorsRequest, ctx: HandlerContext) => result(await listScaFactors(deps, callerOf(ctx), request.customerId)),
    startScaFactorEnrollment: async (request: StartScaFactorEnrollmentRequest, ctx: HandlerContext) => result(await startFactorEnrolment(deps, callerOf(ctx), request.customerId, request.type)),
    confirmScaFactorEnrollment: async (request: ConfirmScaFactorEnrollmentRequest, ctx: HandlerContext) => result(await confirmFactorEnrolment(deps, callerOf(ctx), request)),
    async deleteScaFactor(request: DeleteScaFactorRequest, ctx: HandlerContext) {
      await deleteScaFactor(deps, callerOf(ctx), request.customerId, request.credentialId)
      return {}
    },
    startScaLogin: async (request: StartScaLoginRequest, ctx: HandlerContext) => result(await startScaLogin(deps, callerOf(ctx), request.customerId, request.factor)),
    completeScaLogin: async (request: CompleteScaLoginRequest, ctx: HandlerContext) => result(await completeScaLogin(deps, callerOf(ctx), { ...request, proof: request.proof ?? {} })),
    recordSecurityEvent: async (request: RecordSecurityEventRequest, ctx: HandlerContext) => result(await recordSecurityEvent(deps, callerOf(ctx), request.customerId, request.eventType)),
    startTwoFactorReset: async (request: StartTwoFactorResetRequest, ctx: HandlerContext) => result(await startTwoFactorReset(deps, callerOf(ctx), request.customerId, request.factor)),
    getTwoFactorReset: async (request: GetTwoFactorResetRequest, ctx: HandlerContext) => result(await getTwoFactorReset(deps, callerOf(ctx), request.customerId, request.resetId)),
    async completeTwoFactorReset(request: CompleteTwoFactorResetRequest, ctx: HandlerContext) {
      await completeTwoFactorReset(deps, callerOf(ctx), request)
      return {}
    },
    getScaRequirement: async (request: GetScaRequirementRequest, ctx: HandlerContext) => ({ required: await scaRequirement(deps, callerOf(ctx), request.customerId) }),
    async issueScaChallenge(request: IssueScaChallengeRequest, ctx: HandlerContext) {
      return { challengeJson: JSON.stringify(await issueTransactionChallenge(deps, callerOf(ctx), request)) }
    },
    async authorizeScaChallenge(request: AuthorizeScaChallengeRequest, ctx: HandlerContext) {
      return { challengeId: await authorizeTransactionChallenge(deps, callerOf(ctx), { ...request, proof: request.proof ?? {} }) }
    },
    async resendScaCode(request: ResendScaCodeRequest, ctx: HandlerContext) {
      await resendTransactionCode(deps, callerOf(ctx), request)
      return {}
    },
  })
}

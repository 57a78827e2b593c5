import type { ServiceRegistration } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import { PaymentsServiceService } from '@pp/proto/payments/v1/payments'
import type { PaymentsDeps } from '../domain/deps.js'
import { paymentsService } from './payments-service.js'

/** The quotes and transactions service; the catalogue registers beside it (see main.ts). */
export const paymentsServiceRegistration = (deps: PaymentsDeps, logger: Logger): ServiceRegistration => ({
  name: 'payments.v1.PaymentsService',
  definition: PaymentsServiceService,
  implementation: paymentsService(deps, logger),
})

import { callerOf, unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type {
  BulkImportServiceServer,
  GetCustomerImportJobRequest,
  GetCustomerImportJobResponse,
  StartCustomerImportRequest,
  StartCustomerImportResponse,
} from '@pp/proto/customers/v1/bulk_import'
import { getImportJob, startImport } from '../domain/bulk-import/start-import.js'
import type { CustomersDeps } from '../domain/deps.js'

/** A job answers as the API's JSON of its view, the text its BULK_UPLOAD.* webhook carries too. */
export function bulkImportService(deps: CustomersDeps, logger: Logger): BulkImportServiceServer {
  return unaryService(logger, {
    async startCustomerImport(request: StartCustomerImportRequest, ctx): Promise<StartCustomerImportResponse> {
      return { acceptedJson: JSON.stringify(await startImport(deps, callerOf(ctx), request.csv)) }
    },
    async getCustomerImportJob(request: GetCustomerImportJobRequest, ctx): Promise<GetCustomerImportJobResponse> {
      return { jobJson: JSON.stringify(await getImportJob(deps, callerOf(ctx), request.jobId)) }
    },
  })
}

import { createRoute } from '@hono/zod-openapi'
import { ApiError, invalidInput } from '@pp/errors'
import { callUnary } from '@pp/grpc'
import type { BulkImportServiceClient } from '@pp/proto/customers/v1/bulk_import'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import {
  type BulkImportJobAccepted,
  BulkImportJobAcceptedSchema,
  type BulkImportJob,
  BulkImportJobSchema,
  CsvUploadRequestSchema,
  errorResponses,
  JobIdParamsSchema,
} from '@pp/contracts'
import { formBody, json, ownedJson } from './json-responses.js'

const tags = ['Customers']
/** Keeps a file of the maximum 10,000 rows well inside one gRPC message. */
export const CSV_SIZE_MAX_BYTES = 3 * 1024 * 1024

const uploadCsv = createRoute({
  method: 'post',
  path: '/customers/bulk/csv',
  operationId: 'uploadCustomersCsv',
  ...requires('MANAGE'),
  tags,
  summary: 'Create customers from a CSV file, as a background job',
  description:
    'Columns: platformCustomerId and customerType (required); fullName, birthDate (individuals) or businessLegalName, businessRegistrationNumber, businessTaxId, businessIncorporatedOn (businesses); addressLine1, addressLine2, city, state, postalCode, country; email, umaAddress. At most 10,000 rows. Each row is created as POST /customers would; rows that fail are listed in the job with their error.',
  request: { body: formBody(CsvUploadRequestSchema) },
  responses: { 202: json(BulkImportJobAcceptedSchema, 'The job, queued'), ...errorResponses(400, 413) },
})

const getJob = createRoute({
  method: 'get',
  path: '/customers/bulk/jobs/{jobId}',
  operationId: 'getBulkCustomerImportJob',
  ...requires('VIEW'),
  tags,
  summary: 'Get the status, progress and row errors of a bulk import',
  request: { params: JobIdParamsSchema },
  responses: { 200: json(BulkImportJobSchema, 'The job'), ...errorResponses(404) },
})

export function registerBulkImportRoutes(app: GatewayApp, bulk: BulkImportServiceClient): void {
  app.openapi(uploadCsv, async (c) => {
    const { file } = c.req.valid('form')
    if (file.size > CSV_SIZE_MAX_BYTES) throw new ApiError('PAYLOAD_TOO_LARGE', `The CSV file exceeds ${CSV_SIZE_MAX_BYTES} bytes`)
    const csv = decodeUtf8(await file.arrayBuffer())
    const { acceptedJson } = await callUnary(bulk, bulk.startCustomerImport, { csv }, callContext(c))
    return ownedJson<BulkImportJobAccepted, 202>(c, acceptedJson, 202)
  })
  app.openapi(getJob, async (c) => {
    const { jobJson } = await callUnary(bulk, bulk.getCustomerImportJob, c.req.valid('param'), callContext(c))
    return ownedJson<BulkImportJob, 200>(c, jobJson, 200)
  })
}

function decodeUtf8(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw invalidInput([{ field: 'file', message: 'must be UTF-8 text' }])
  }
}

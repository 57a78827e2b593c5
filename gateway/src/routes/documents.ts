import { createRoute, type z } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import { DocumentUpload, type DocumentsServiceClient } from '@pp/proto/customers/v1/documents'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import {
  DocumentIdParamsSchema,
  type Document,
  type DocumentListJson,
  DocumentListSchema,
  DocumentReplaceRequestSchema,
  DocumentSchema,
  DocumentUploadRequestSchema,
  errorResponses,
  ListDocumentsQuerySchema,
} from '@pp/contracts'
import { formBody, json, ownedJson } from './json-responses.js'

const tags = ['Documents']
const SANDBOX_TRIGGERS =
  'In sandbox a file named `<anything>_<REASON>.<ext>` is rejected with 400 `<REASON>`: LOW_QUALITY, DATA_MISMATCH, EXPIRED, SUSPECTED_FRAUD, UNSUITABLE_DOCUMENT or INCOMPLETE.'

const uploadDocument = createRoute({
  method: 'post',
  path: '/documents',
  operationId: 'uploadDocument',
  ...requires('MANAGE'),
  tags,
  summary: 'Upload a verification document for a customer or beneficial owner',
  description: `PDF, JPEG or PNG, at most 10 MB. A document of a type (and side) the holder already has is replaced with PUT; a POST gets 409 DOCUMENT_ALREADY_EXISTS. ${SANDBOX_TRIGGERS}`,
  request: { body: formBody(DocumentUploadRequestSchema) },
  responses: { 201: json(DocumentSchema, 'The document'), ...errorResponses(400, 404, 409, 413) },
})

const listDocuments = createRoute({
  method: 'get',
  path: '/documents',
  operationId: 'listDocuments',
  ...requires('VIEW'),
  tags,
  summary: 'List documents, newest first',
  request: { query: ListDocumentsQuerySchema },
  responses: { 200: json(DocumentListSchema, 'A page of documents'), ...errorResponses(400) },
})

const getDocument = createRoute({
  method: 'get',
  path: '/documents/{documentId}',
  operationId: 'getDocument',
  ...requires('VIEW'),
  tags,
  summary: 'Get a document',
  request: { params: DocumentIdParamsSchema },
  responses: { 200: json(DocumentSchema, 'The document'), ...errorResponses(404) },
})

const replaceDocument = createRoute({
  method: 'put',
  path: '/documents/{documentId}',
  operationId: 'replaceDocument',
  ...requires('MANAGE'),
  tags,
  summary: 'Replace a document with a new file and details',
  description: SANDBOX_TRIGGERS,
  request: { params: DocumentIdParamsSchema, body: formBody(DocumentReplaceRequestSchema) },
  responses: { 200: json(DocumentSchema, 'The replaced document'), ...errorResponses(400, 404, 409, 413) },
})

const deleteDocument = createRoute({
  method: 'delete',
  path: '/documents/{documentId}',
  operationId: 'deleteDocument',
  ...requires('MANAGE'),
  tags,
  summary: 'Delete a document not yet relied on by a verification',
  request: { params: DocumentIdParamsSchema },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(404, 409) },
})

type DocumentForm = z.infer<typeof DocumentUploadRequestSchema | typeof DocumentReplaceRequestSchema>

/** A multipart upload as the DocumentUpload message carries it. */
async function uploadOf({ file, ...details }: DocumentForm): Promise<DocumentUpload> {
  return DocumentUpload.fromPartial({ ...details, fileName: file.name, contentType: file.type, content: Buffer.from(await file.arrayBuffer()) })
}

export function registerDocumentRoutes(app: GatewayApp, documents: DocumentsServiceClient): void {
  app.openapi(uploadDocument, async (c) => {
    const document = await uploadOf(c.req.valid('form'))
    const { documentJson } = await callUnary(documents, documents.uploadDocument, { document }, callContext(c))
    return ownedJson<Document, 201>(c, documentJson, 201)
  })
  app.openapi(listDocuments, async (c) => {
    const { pageJson } = await callUnary(documents, documents.listDocuments, c.req.valid('query'), callContext(c))
    return ownedJson<DocumentListJson, 200>(c, pageJson, 200)
  })
  app.openapi(getDocument, async (c) => {
    const { documentJson } = await callUnary(documents, documents.getDocument, c.req.valid('param'), callContext(c))
    return ownedJson<Document, 200>(c, documentJson, 200)
  })
  app.openapi(replaceDocument, async (c) => {
    const document = await uploadOf(c.req.valid('form'))
    const { documentJson } = await callUnary(documents, documents.replaceDocument, { ...c.req.valid('param'), document }, callContext(c))
    return ownedJson<Document, 200>(c, documentJson, 200)
  })
  app.openapi(deleteDocument, async (c) => {
    await callUnary(documents, documents.deleteDocument, c.req.valid('param'), callContext(c))
    return c.body(null, 204)
  })
}

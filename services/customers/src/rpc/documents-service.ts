import { callerOf, unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type {
  DeleteDocumentRequest,
  DeleteDocumentResponse,
  DocumentsServiceServer,
  GetDocumentRequest,
  GetDocumentResponse,
  ListDocumentsRequest,
  ListDocumentsResponse,
  ReplaceDocumentRequest,
  ReplaceDocumentResponse,
  UploadDocumentRequest,
  UploadDocumentResponse,
} from '@pp/proto/customers/v1/documents'
import type { CustomersDeps } from '../domain/deps.js'
import { deleteDocument } from '../domain/documents/delete-document.js'
import { getDocument } from '../domain/documents/get-document.js'
import { listDocuments } from '../domain/documents/list-documents.js'
import { replaceDocument } from '../domain/documents/replace-document.js'
import { uploadDocument } from '../domain/documents/upload-document.js'
import { uploadInput } from './verification-mapping.js'

/** A document, or a page of them, answers as the API's JSON of its view. */
export function documentsService(deps: CustomersDeps, logger: Logger): DocumentsServiceServer {
  return unaryService(logger, {
    async uploadDocument(request: UploadDocumentRequest, ctx): Promise<UploadDocumentResponse> {
      return { documentJson: JSON.stringify(await uploadDocument(deps, callerOf(ctx), uploadInput(request.document))) }
    },
    async replaceDocument(request: ReplaceDocumentRequest, ctx): Promise<ReplaceDocumentResponse> {
      const document = await replaceDocument(deps, callerOf(ctx), request.documentId, uploadInput(request.document))
      return { documentJson: JSON.stringify(document) }
    },
    async getDocument(request: GetDocumentRequest, ctx): Promise<GetDocumentResponse> {
      return { documentJson: JSON.stringify(await getDocument(deps, callerOf(ctx), request.documentId)) }
    },
    async listDocuments(request: ListDocumentsRequest, ctx): Promise<ListDocumentsResponse> {
      return { pageJson: JSON.stringify(await listDocuments(deps, callerOf(ctx), request)) }
    },
    async deleteDocument(request: DeleteDocumentRequest, ctx): Promise<DeleteDocumentResponse> {
      await deleteDocument(deps, callerOf(ctx), request.documentId)
      return {}
    },
  })
}

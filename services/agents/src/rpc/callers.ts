import type { CallerTable } from '@pp/grpc'

/**
 * Who may call each method of the agents service, by identity (see CallerTable in @pp/grpc and
 * the identities in README's "Identities and authorization"). Each list names every process
 * whose code calls the method (its gRPC clients, found by their calls): only the gateway, which
 * acts for a platform and for an agent's Bearer token.
 */
export const agentsCallers: CallerTable = {
  '/agents.v1.AgentsService/CreateAgent': ['gateway'],
  '/agents.v1.AgentsService/ListAgents': ['gateway'],
  '/agents.v1.AgentsService/GetAgent': ['gateway'],
  '/agents.v1.AgentsService/UpdateAgent': ['gateway'],
  '/agents.v1.AgentsService/UpdateAgentPolicy': ['gateway'],
  '/agents.v1.AgentsService/DeleteAgent': ['gateway'],
  '/agents.v1.AgentsService/RegenerateAgentDeviceCode': ['gateway'],
  '/agents.v1.AgentsService/GetAgentDeviceCodeStatus': ['gateway'],
  '/agents.v1.AgentsService/RedeemAgentDeviceCode': ['gateway'],
  '/agents.v1.AgentsService/AuthenticateAgentToken': ['gateway'],
  '/agents.v1.AgentsService/ListAgentApprovals': ['gateway'],
  '/agents.v1.AgentsService/ApproveAgentAction': ['gateway'],
  '/agents.v1.AgentsService/RejectAgentAction': ['gateway'],
  '/agents.v1.AgentsService/DecideAgentTransaction': ['gateway'],
  '/agents.v1.AgentsService/CreateAgentQuote': ['gateway'],
  '/agents.v1.AgentsService/GetAgentQuote': ['gateway'],
  '/agents.v1.AgentsService/ExecuteAgentQuote': ['gateway'],
  '/agents.v1.AgentsService/CreateAgentTransfer': ['gateway'],
  '/agents.v1.AgentsService/ListAgentActions': ['gateway'],
  '/agents.v1.AgentsService/GetAgentAction': ['gateway'],
}

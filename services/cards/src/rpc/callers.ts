import type { CallerTable } from '@pp/grpc'

/**
 * Who may call each method of the cards service, by identity (see CallerTable in @pp/grpc and
 * the identities in README's "Identities and authorization"). Each list names every process
 * whose code calls the method (its gRPC clients, found by their calls): a service calling a
 * method it is not listed for is refused with FORBIDDEN. `admin` is served on the operator
 * port only.
 */
export const cardsCallers: CallerTable = {
  '/cards.v1.CardsService/CreateCard': ['gateway'],
  '/cards.v1.CardsService/ListCards': ['gateway'],
  '/cards.v1.CardsService/GetCard': ['gateway'],
  '/cards.v1.CardsService/UpdateCard': ['gateway'],
  '/cards.v1.CardsService/RevealCard': ['gateway'],
  '/cards.v1.CardsService/OpenCardReveal': ['gateway'],
  '/cards.v1.CardsService/SimulateCardNetworkMessage': ['gateway'],
  '/cards.v1.CardsService/GetCardFacts': ['wallet-auth'],
}

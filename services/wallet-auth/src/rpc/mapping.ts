import type { SignedRequestChallenge as ChallengeProto } from '@pp/proto/wallet_auth/v1/wallet_auth'
import type { SignedRequestChallenge } from '../domain/signed-requests/signed-requests.js'

export const challengeToProto = (challenge: SignedRequestChallenge): ChallengeProto => ({ ...challenge })

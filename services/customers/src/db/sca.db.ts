import type { ChallengePurpose, FactorResetRow, LoginState, ScaChallengeRecord, ScaFactorName, ScaFactorRecord } from '../domain/sca/types.js'
import type { Tenant } from '../domain/types.js'
import { open, type Db, type Tx } from './client.js'
import type { ScaChallenge, ScaFactor } from './generated/client.js'

const factorRecord = (row: ScaFactor): ScaFactorRecord => ({
  id: row.id,
  customerId: row.customerId,
  factor: row.factor as ScaFactorRecord['factor'],
  status: row.status as ScaFactorRecord['status'],
  totpSecretSealed: row.totpSecretSealed ?? undefined,
  recoveryCodeHashes: row.recoveryCodeHashes,
  passkeyCredentialId: row.passkeyCredentialId ?? undefined,
  passkeyPublicKey: row.passkeyPublicKey ?? undefined,
  passkeyCounter: row.passkeyCounter ?? undefined,
  createdAt: row.createdAt,
  confirmedAt: row.confirmedAt ?? undefined,
})

const challengeRecord = (row: ScaChallenge): ScaChallengeRecord => ({
  id: row.id,
  customerId: row.customerId,
  purpose: row.purpose as ChallengePurpose,
  factor: row.factor as ScaFactorName,
  reference: row.reference ?? undefined,
  codeHash: row.codeHash ?? undefined,
  webauthnChallenge: row.webauthnChallenge ?? undefined,
  failedAttempts: row.failedAttempts,
  lastSentAt: row.lastSentAt ?? undefined,
  expiresAt: row.expiresAt,
  usedAt: row.usedAt ?? undefined,
  createdAt: row.createdAt,
})

/** The customer's active factors, oldest first. */
export async function activeFactors(db: Db | Tx, customerId: string): Promise<ScaFactorRecord[]> {
  const rows = await open(db).scaFactor.findMany({ where: { customerId, status: 'ACTIVE' }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })
  return rows.map(factorRecord)
}

/** A new factor has no recovery codes yet: confirming a TOTP enrolment gives them (activateTotp). */
export async function insertFactor(db: Db | Tx, tenant: Tenant, record: Omit<ScaFactorRecord, 'recoveryCodeHashes'> & { totpSecretHash?: string }): Promise<void> {
  await open(db).scaFactor.create({
    data: {
      ...tenant,
      id: record.id,
      customerId: record.customerId,
      factor: record.factor,
      status: record.status,
      totpSecretSealed: record.totpSecretSealed && new Uint8Array(record.totpSecretSealed),
      totpSecretHash: record.totpSecretHash,
      passkeyCredentialId: record.passkeyCredentialId,
      passkeyPublicKey: record.passkeyPublicKey && new Uint8Array(record.passkeyPublicKey),
      passkeyCounter: record.passkeyCounter,
      createdAt: record.createdAt,
      confirmedAt: record.confirmedAt,
    },
  })
}

/**
 * PENDING → ACTIVE for the started TOTP enrolment whose seed hashes to `secretHash`, with the
 * recovery codes' hashes; undefined when there is none (wrong secret, or already confirmed).
 */
export async function activateTotp(tx: Tx, customerId: string, secretHash: string, recoveryCodeHashes: string[], now: Date): Promise<boolean> {
  const { count } = await open(tx).scaFactor.updateMany({
    where: { customerId, factor: 'TOTP', status: 'PENDING', totpSecretHash: secretHash },
    data: { status: 'ACTIVE', recoveryCodeHashes, confirmedAt: now },
  })
  return count === 1
}

export async function findPendingTotp(db: Db, customerId: string, secretHash: string): Promise<ScaFactorRecord | undefined> {
  const row = await open(db).scaFactor.findFirst({ where: { customerId, factor: 'TOTP', status: 'PENDING', totpSecretHash: secretHash } })
  return row ? factorRecord(row) : undefined
}

/** Removes active factors of the customer: one passkey by credential id, or every factor of a kind. */
export async function deleteFactors(tx: Db | Tx, customerId: string, which: { credentialId: string } | { factor: string }): Promise<number> {
  const where = 'credentialId' in which ? { passkeyCredentialId: which.credentialId, factor: 'PASSKEY' } : { factor: which.factor }
  const { count } = await open(tx).scaFactor.deleteMany({ where: { customerId, ...where } })
  return count
}

/** Moves the passkey's signature counter forward only from the value read: a replayed assertion loses. */
export async function advancePasskeyCounter(tx: Tx, factorId: string, from: bigint, to: bigint): Promise<boolean> {
  const { count } = await open(tx).scaFactor.updateMany({ where: { id: factorId, passkeyCounter: from }, data: { passkeyCounter: to } })
  return count === 1
}

export async function insertChallenge(db: Db | Tx, tenant: Tenant, record: ScaChallengeRecord): Promise<void> {
  await open(db).scaChallenge.create({ data: { ...tenant, ...record } })
}

/** The customer's newest unused, unexpired challenge of a purpose (and reference or id, when given). */
export async function findOpenChallenge(
  db: Db | Tx,
  customerId: string,
  purpose: ChallengePurpose,
  now: Date,
  match: { reference?: string; id?: string; factor?: ScaFactorName } = {},
): Promise<ScaChallengeRecord | undefined> {
  const row = await open(db).scaChallenge.findFirst({
    where: { customerId, purpose, usedAt: null, expiresAt: { gt: now }, ...match },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  })
  return row ? challengeRecord(row) : undefined
}

/** Spends a challenge once: of concurrent proofs only one finds it unused. */
export async function spendChallenge(tx: Tx, id: string, now: Date): Promise<boolean> {
  const { count } = await open(tx).scaChallenge.updateMany({ where: { id, usedAt: null }, data: { usedAt: now } })
  return count === 1
}

export async function countChallengeFailure(db: Db | Tx, id: string): Promise<void> {
  await open(db).scaChallenge.update({ where: { id }, data: { failedAttempts: { increment: 1 } } })
}

export async function replaceChallengeCode(db: Db, id: string, codeHash: string, now: Date): Promise<void> {
  await open(db).scaChallenge.update({ where: { id }, data: { codeHash, lastSentAt: now } })
}

export async function findLoginState(db: Db | Tx, customerId: string): Promise<LoginState> {
  const row = await open(db).scaLoginState.findUnique({ where: { customerId } })
  return {
    failedAttempts: row?.failedAttempts ?? 0,
    lockedUntil: row?.lockedUntil ?? undefined,
    suspended: row?.suspended ?? false,
    sessionExpiresAt: row?.sessionExpiresAt ?? undefined,
  }
}

/** Reads the login state under a row lock (creating the row), for a read-modify-write. */
export async function lockLoginState(tx: Tx, customerId: string, now: Date): Promise<LoginState> {
  await open(tx).$executeRaw`
    INSERT INTO sca_login_states (customer_id, updated_at) VALUES (${customerId}, ${now})
    ON CONFLICT (customer_id) DO NOTHING`
  await open(tx).$queryRaw`SELECT customer_id FROM sca_login_states WHERE customer_id = ${customerId} FOR UPDATE`
  return findLoginState(tx, customerId)
}

export async function saveLoginState(tx: Tx, customerId: string, state: LoginState, now: Date): Promise<void> {
  const data = {
    failedAttempts: state.failedAttempts,
    lockedUntil: state.lockedUntil ?? null,
    suspended: state.suspended,
    sessionExpiresAt: state.sessionExpiresAt ?? null,
    updatedAt: now,
  }
  await open(tx).scaLoginState.update({ where: { customerId }, data })
}

export async function insertFactorReset(db: Db, tenant: Tenant, row: Omit<FactorResetRow, 'platformId' | 'environment'>): Promise<void> {
  await open(db).scaFactorReset.create({ data: { ...tenant, ...row } })
}

export const countFactorResetsSince = (db: Db, customerId: string, since: Date): Promise<number> =>
  open(db).scaFactorReset.count({ where: { customerId, createdAt: { gte: since } } })

export async function oldestFactorResetSince(db: Db, customerId: string, since: Date): Promise<Date | undefined> {
  const row = await open(db).scaFactorReset.findFirst({ where: { customerId, createdAt: { gte: since } }, orderBy: { createdAt: 'asc' } })
  return row?.createdAt
}

export async function findFactorReset(db: Db | Tx, customerId: string, id: string): Promise<FactorResetRow | undefined> {
  return (await open(db).scaFactorReset.findFirst({ where: { id, customerId } })) ?? undefined
}

/** LIVENESS_PASSED → COMPLETED once, before the reset expires. */
export async function completeFactorReset(tx: Tx, id: string, now: Date): Promise<boolean> {
  const { count } = await open(tx).scaFactorReset.updateMany({
    where: { id, status: 'LIVENESS_PASSED', expiresAt: { gt: now } },
    data: { status: 'COMPLETED', completedAt: now },
  })
  return count === 1
}

/** A completed SMS_OTP reset enrols the new number directly: it is on file as the verified phone. */
export async function recordVerifiedPhone(tx: Tx, tenant: Tenant, customerId: string, phone: string, now: Date): Promise<void> {
  const verified = { verifiedContact: phone, verifiedAt: now, sentTo: null, codeHash: null, codeExpiresAt: null, failedAttempts: 0, updatedAt: now }
  await open(tx).contactVerification.upsert({
    where: { customerId_channel: { customerId, channel: 'PHONE' } },
    create: { customerId, channel: 'PHONE', ...tenant, ...verified },
    update: verified,
  })
}

/** Spends one recovery code of a TOTP factor (its stored hash), once: of concurrent uses only one finds it still listed. */
export async function spendRecoveryCode(tx: Tx, factorId: string, storedHash: string): Promise<boolean> {
  const count = await open(tx).$executeRaw`
    UPDATE sca_factors SET recovery_code_hashes = array_remove(recovery_code_hashes, ${storedHash})
     WHERE id = ${factorId} AND ${storedHash} = ANY (recovery_code_hashes)`
  return count === 1
}

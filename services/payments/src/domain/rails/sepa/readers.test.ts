import { describe, expect, it } from 'vitest'
import { readBankNotification } from './camt054.js'
import { readStatusReport } from './pain002.js'

/** Files written by hand from the ISO 20022 message definitions, as a bank sends them. */
const pain002 = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>BANK-STS-1</MsgId><CreDtTm>2026-11-30T15:00:00</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts><OrgnlMsgId>MSG1</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId><GrpSts>PART</GrpSts></OrgnlGrpInfAndSts>
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>MSG1-001</OrgnlPmtInfId>
      <TxInfAndSts><OrgnlEndToEndId>E2E-A</OrgnlEndToEndId><TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>AC04</Cd></Rsn></StsRsnInf></TxInfAndSts>
      <TxInfAndSts><OrgnlEndToEndId>E2E-B</OrgnlEndToEndId><TxSts>ACCP</TxSts></TxInfAndSts>
      <TxInfAndSts><OrgnlEndToEndId>E2E-C</OrgnlEndToEndId><TxSts>RJCT</TxSts></TxInfAndSts>
    </OrgnlPmtInfAndSts>
    <OrgnlPmtInfAndSts><OrgnlPmtInfId>MSG1-002</OrgnlPmtInfId><PmtInfSts>RJCT</PmtInfSts><StsRsnInf><Rsn><Cd>AM04</Cd></Rsn></StsRsnInf></OrgnlPmtInfAndSts>
  </CstmrPmtStsRpt>
</Document>`

const camt054 = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>BANK-NTF-1</MsgId><CreDtTm>2026-12-01T08:00:00</CreDtTm></GrpHdr>
    <Ntfctn>
      <Id>N1</Id>
      <Acct><Id><IBAN>FR1420041010050500013M02606</IBAN></Id></Acct>
      <Ntry>
        <NtryRef>R1</NtryRef><Amt Ccy="EUR">1000.05</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
        <NtryDtls><TxDtls><Refs><EndToEndId>E2E-B</EndToEndId></Refs><Amt Ccy="EUR">1000.05</Amt></TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <NtryRef>R2</NtryRef><Amt Ccy="EUR">30.1</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
        <NtryDtls>
          <TxDtls><Refs><EndToEndId>E2E-D</EndToEndId></Refs><Amt Ccy="EUR">10.00</Amt></TxDtls>
          <TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs><Amt Ccy="EUR">20.10</Amt></TxDtls>
        </NtryDtls>
      </Ntry>
      <Ntry><NtryRef>R3</NtryRef><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>PDNG</Cd></Sts></Ntry>
      <Ntry>
        <NtryRef>R4</NtryRef><Amt Ccy="EUR">7.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
        <NtryDtls><TxDtls><Refs><EndToEndId>E2E-E</EndToEndId></Refs><RtrInf><Rsn><Cd>AC06</Cd></Rsn></RtrInf></TxDtls></NtryDtls>
      </Ntry>
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>`

describe('pain.002 status report reader', () => {
  it('reads the rejections of transactions and of payment information blocks with their reason codes; accepted ones move nothing', () => {
    expect(readStatusReport(pain002)).toEqual({
      messageId: 'BANK-STS-1',
      originalMessageId: 'MSG1',
      rejections: [
        { scope: 'TRANSACTION', originalMessageId: 'MSG1', endToEndId: 'E2E-A', reasonCode: 'AC04' },
        { scope: 'TRANSACTION', originalMessageId: 'MSG1', endToEndId: 'E2E-C', reasonCode: 'NARR' },
        { scope: 'PAYMENT_INFORMATION', originalMessageId: 'MSG1', paymentInformationId: 'MSG1-002', reasonCode: 'AM04' },
      ],
    })
  })

  it('reads a rejected file', () => {
    const rejected = pain002.replace('<GrpSts>PART</GrpSts>', '<GrpSts>RJCT</GrpSts><StsRsnInf><Rsn><Cd>FF01</Cd></Rsn></StsRsnInf>')
    expect(readStatusReport(rejected).rejections[0]).toEqual({ scope: 'MESSAGE', originalMessageId: 'MSG1', reasonCode: 'FF01' })
  })

  it('refuses what is not a status report', () => {
    expect(() => readStatusReport(camt054)).toThrow('not a pain.002')
    expect(() => readStatusReport('101 NACHA')).toThrow()
    expect(() => readStatusReport('<Document><CstmrPmtStsRpt/></Document>')).toThrow('OrgnlMsgId')
  })
})

describe('camt.054 notification reader', () => {
  it('reads each booked transaction with its end-to-end id and exact amount; pending entries are skipped', () => {
    expect(readBankNotification(camt054)).toEqual({
      messageId: 'BANK-NTF-1',
      booked: [
        { direction: 'DBIT', entryReference: 'R1', endToEndId: 'E2E-B', amount: 100_005n, currency: 'EUR', returnReasonCode: undefined },
        { direction: 'DBIT', entryReference: 'R2', endToEndId: 'E2E-D', amount: 1_000n, currency: 'EUR', returnReasonCode: undefined },
        { direction: 'DBIT', entryReference: 'R2', amount: 2_010n, currency: 'EUR', returnReasonCode: undefined },
        { direction: 'CRDT', entryReference: 'R4', endToEndId: 'E2E-E', amount: 700n, currency: 'EUR', returnReasonCode: 'AC06' },
      ],
    })
  })

  it('reads what names money received: the creditor reference, the payer, the bank\'s reference and the booking date', () => {
    const received = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn>
  <GrpHdr><MsgId>BANK-NTF-2</MsgId><CreDtTm>2026-12-01T08:00:00</CreDtTm></GrpHdr>
  <Ntfctn><Id>N2</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>
    <Ntry><Amt Ccy="EUR">150.25</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><DtTm>2026-12-01T09:30:00</DtTm></BookgDt><AcctSvcrRef>ENTRY-9</AcctSvcrRef>
      <NtryDtls><TxDtls><Refs><AcctSvcrRef>TX-9</AcctSvcrRef></Refs><RltdPties><Dbtr><Pty><Nm>Müller GmbH</Nm></Pty></Dbtr></RltdPties>
        <RmtInf><Strd><CdtrRefInf><Ref>RF18539007547034</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry>
  </Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`
    expect(readBankNotification(received).booked).toEqual([
      {
        direction: 'CRDT',
        entryReference: 'ENTRY-9',
        amount: 15_025n,
        currency: 'EUR',
        creditorReference: 'RF18539007547034',
        bankReference: 'TX-9',
        payerName: 'Müller GmbH',
        bookedOn: '2026-12-01',
      },
    ])
  })

  it('reads a camt.053 statement the same way', () => {
    const statement = camt054.replace(/BkToCstmrDbtCdtNtfctn/g, 'BkToCstmrStmt').replace(/Ntfctn>/g, 'Stmt>')
    expect(readBankNotification(statement).booked).toHaveLength(4)
  })

  it('refuses what is not a notification', () => {
    expect(() => readBankNotification(pain002)).toThrow('not a camt.054')
  })
})

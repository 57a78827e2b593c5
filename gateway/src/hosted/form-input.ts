import { BeneficialOwnerInput } from '@pp/proto/customers/v1/beneficial_owners'
import { CustomerProfile } from '@pp/proto/customers/v1/customers'
import { DocumentUpload } from '@pp/proto/customers/v1/documents'

/** A parsed form body (`parseBody({ all: true })`): repeated names become arrays. */
export type FormBody = Record<string, string | File | Array<string | File>>

/** A field's trimmed text; blank means "not sent", so a step never blanks out what is on file. */
export function text(form: FormBody, name: string): string | undefined {
  const value = form[name]
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

const texts = (form: FormBody, name: string): string[] => {
  const value = form[name]
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v !== '')
}

/** A file the person chose; an empty file input submits a nameless empty file, which is no file. */
export function chosenFile(form: FormBody, name: string): File | undefined {
  const value = form[name]
  return value instanceof File && value.size > 0 ? value : undefined
}

function addressOf(form: FormBody, prefix = 'address.') {
  const line1 = text(form, `${prefix}line1`)
  if (!line1) return undefined
  return {
    line1,
    line2: text(form, `${prefix}line2`),
    city: text(form, `${prefix}city`),
    state: text(form, `${prefix}state`),
    postalCode: text(form, `${prefix}postalCode`) ?? '',
    country: text(form, `${prefix}country`)?.toUpperCase() ?? '',
  }
}

const countryList = (value: string | undefined): string[] =>
  (value ?? '').split(',').map((c) => c.trim().toUpperCase()).filter(Boolean)

/** The details step: an individual's identity or a business's company details, and the address. */
export function profileFromForm(form: FormBody, customerType: string): CustomerProfile {
  if (customerType === 'INDIVIDUAL') {
    return CustomerProfile.fromPartial({
      fullName: text(form, 'fullName'),
      birthDate: text(form, 'birthDate'),
      nationality: text(form, 'nationality')?.toUpperCase(),
      address: addressOf(form),
    })
  }
  return CustomerProfile.fromPartial({
    address: addressOf(form),
    businessInfo: {
      legalName: text(form, 'legalName'),
      doingBusinessAs: text(form, 'doingBusinessAs'),
      registrationNumber: text(form, 'registrationNumber'),
      taxId: text(form, 'taxId'),
      incorporatedOn: text(form, 'incorporatedOn'),
      country: text(form, 'country')?.toUpperCase(),
      countriesOfOperation: countryList(text(form, 'countriesOfOperation')),
    },
  })
}

/** The people step: one control person, owner, director or officer. */
export function ownerFromForm(form: FormBody): BeneficialOwnerInput {
  const percentage = text(form, 'ownershipPercentage')
  return BeneficialOwnerInput.fromPartial({
    roles: texts(form, 'roles'),
    ownershipPercentage: percentage === undefined ? 0 : Number(percentage),
    personalInfo: {
      firstName: text(form, 'firstName'),
      lastName: text(form, 'lastName'),
      birthDate: text(form, 'birthDate'),
      nationality: text(form, 'nationality')?.toUpperCase(),
      idType: text(form, 'idType'),
      identifier: text(form, 'identifier'),
      address: addressOf(form),
    },
  })
}

/** A document of `holder` from the `<prefix>type`, `<prefix>file` and `country` fields, if a file was chosen. */
export async function uploadFromForm(form: FormBody, prefix: string, holder: string): Promise<DocumentUpload | undefined> {
  const file = chosenFile(form, `${prefix}file`)
  if (!file) return undefined
  return DocumentUpload.fromPartial({
    documentHolder: holder,
    documentType: text(form, `${prefix}type`) ?? '',
    country: text(form, 'documentCountry')?.toUpperCase() ?? '',
    fileName: file.name,
    contentType: file.type,
    content: Buffer.from(await file.arrayBuffer()),
  })
}

/** Codes are kept as an HMAC bound to what they verify, so a code for one address never confirms another. */
export const contactCodeParts = (customerId: string, channel: string, sentTo: string, code: string): string[] => [customerId, channel, sentTo, code]

/**
 * The catalogue of bad values the fuzzer draws from. None of them contains a marker of leaked
 * internals (see `LEAK_PATTERNS` in oracle.ts), so an echo of the input is never taken for a leak.
 */

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** Text that Postgres cannot store, that hides or reorders what a reader sees, or that hostile parsers trip on. */
export const HOSTILE_STRINGS: readonly string[] = [
  'a\u0000b',
  '\u0000',
  'Customer:\u0000',
  'Customer:019542f5-b3e7-1d02-0000-000000000001\u0000',
  'trailing\u0000',
  '\u202Eevil\u202C',
  'a\u200Bb',
  '\u2066isolate\u2069',
  '\uFEFFbom',
  'zero\u200Dwidth\u200C',
  '<script>alert(1)</script>',
  '<b>bold</b>',
  "' OR '1'='1",
  '"; DROP TABLE customers; --',
  '../../../../etc/passwd',
  '${jndi:ldap://127.0.0.1/x}',
  '{{7*7}}',
  '\uD800',
  'lone \uDFFF low',
  '\u0007\u001b[31mred',
  '\t\n\r',
  ' ',
  '',
  'null',
  'NaN',
  '-1',
  '\\',
  '"',
  '😀'.repeat(300),
  'é'.repeat(300),
  'x'.repeat(300),
  '\u0301\u0301\u0301combining',
  '%00',
  'ℌ𝔢𝔩𝔩𝔬',
]

/** Ids of no resource, of the wrong type, or not ids at all. */
export const BAD_IDS: readonly string[] = [
  'Customer:not-a-uuid',
  'Customer:019542f5-b3e7-1d02-0000-000000000000',
  'Quote:019542f5-b3e7-1d02-0000-000000000001',
  'InternalAccount:\u0000',
  'Customer:\u202Eevil',
  'Customer:a\u200Bb',
  'Customer:<x>',
  'Customer:' + 'f'.repeat(500),
  ':',
  'Customer:',
  'customer:019542f5-b3e7-1d02-0000-000000000001',
  '019542f5-b3e7-1d02-0000-000000000001',
]

/** Cursors this mesh never issued: not base64, not JSON, JSON of the wrong shape, dates Postgres cannot hold. */
export const BAD_CURSORS: readonly string[] = [
  '!!!',
  'AAAA',
  'x'.repeat(5000),
  cursorOf(null),
  cursorOf([]),
  cursorOf({ createdAt: 1, id: 2 }),
  cursorOf({ createdAt: 'yesterday', id: 'Customer:x' }),
  cursorOf({ createdAt: '2025-10-14T10:00:00.000Z', id: 'Customer:\u0000' }),
  cursorOf({ createdAt: '2025-10-14T10:00:00.000Z', id: '\uD800' }),
  cursorOf({ createdAt: '-271821-04-20T00:00:00.000Z', id: 'Customer:x' }),
  cursorOf({ createdAt: '+275760-09-13T00:00:00.000Z', id: 'Customer:x' }),
  cursorOf({ createdAt: '0000-01-01T00:00:00.000Z', id: 'Customer:x' }),
  cursorOf({ createdAt: '2025-10-14T10:00:00.000Z', id: 'x'.repeat(100_000) }),
]

/** JSON numbers at and past every bound the API has, as raw JSON text. */
export const BOUNDARY_NUMBERS: readonly string[] = [
  '0', '-1', '-0', '1.5', '9007199254740993', '9000000000000001', '-9007199254740993', '1e308', '1e400', '-1e400',
  '2147483648', '4294967296', '18446744073709551616', '0.1e1', '1E2', '123456789012345678901234567890',
]

/** Values of every other JSON type, as raw JSON text. */
export const WRONG_TYPES: readonly string[] = ['123', 'true', 'null', '"text"', '[]', '{}', '[1,2]', '{"a":1}', '""', '[null]']

export const INVALID_JSON: readonly string[] = [
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1,}',
  "{'a':1}",
  '{"a":"\u0000"}',
  '\u0000',
  '{"a":"\\x41"}',
  '{"a":01}',
  '{"a":NaN}',
  '{"a":Infinity}',
  '\uFEFF{}',
  '{}{}',
  '{"a":"unterminated}',
  '"\\ud800"',
  '[' .repeat(100_000),
]

export const NON_OBJECT_ROOTS: readonly string[] = ['[]', '1', '"text"', 'null', 'true', '[{}]', '""']

export const CONTENT_TYPES: readonly (string | undefined)[] = [
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/json; charset=utf-16',
  'application/xml',
  'application/json\u00ff',
  'application/jsonx',
  '*/*',
  'application/json; boundary=',
]

/** Path segments, already percent-encoded, as a client could send them. */
export const BAD_PATH_SEGMENTS: readonly string[] = [
  '%00',
  'Customer%3A019542f5-b3e7-1d02-0000-000000000001%00',
  'x%00y',
  '%E2%80%AEevil',
  'a%E2%80%8Bb',
  '%ff',
  '%',
  '%zz',
  '..%2F..%2Fx',
  '%3Cscript%3E',
  'x'.repeat(5000),
  '%C3%A9'.repeat(200),
  "'%20OR%20'1'%3D'1",
  '%ED%A0%80',
  '%20',
  '%2e%2e',
  'Customer%3A' + 'A'.repeat(130),
  '%F0%9F%98%80',
]

/** Integer parameters spelled every way but plain decimal digits, and decimals out of range. */
export const BAD_INTEGERS: readonly string[] = [
  '0x10', '-1', '0', '1e1', '101', '%205', '5.0', '99999999999999999999', '', 'NaN', 'Infinity', '+5', '%00', '1%00',
  '0b11', '0o7', '%D9%A3', '5%20', '1_0', '010',
]

export const BAD_BOOLEANS: readonly string[] = ['yes', 'TRUE', '1', '', '%00', 'truee', 'on']

export const BAD_TIMESTAMPS: readonly string[] = [
  '2025-13-45T00:00:00Z', 'now', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '-271821-04-20T00:00:00Z', '2025-10-14T10:00:00%2B25:00',
  '%00', '2025-10-14', '1760436000',
]

/** Query strings broken as a whole. */
export const BAD_QUERY_STRINGS: readonly string[] = ['&&&', '=x', 'a[b]=1', '%', 'limit=1&limit=2', 'x=%00', '%00=1', '__proto__=1', 'constructor[prototype]=1']

/** Idempotency keys: non-ASCII (as the bytes a client sends), empty, blank, over-long. Node sends header strings as latin1. */
export const BAD_IDEMPOTENCY_KEYS: readonly string[] = [
  'clé-ÿ',
  Buffer.from('clé-ÿ', 'utf8').toString('latin1'),
  Buffer.from('ключ', 'utf8').toString('latin1'),
  'k'.repeat(256),
  'k'.repeat(8000),
  ' ',
  'a\tb',
  '\u00a0',
]

/** Values for the other headers the API reads. */
export const BAD_HEADER_VALUES: readonly string[] = [
  'clé-ÿ',
  Buffer.from('\u202Eevil', 'utf8').toString('latin1'),
  'x'.repeat(8000),
  ' ',
  '<script>',
  'Request:not-a-uuid',
  'sandbox-valid-signature',
  '%00',
]

export { decodeCursor, encodeCursor, type KeysetPosition } from './keyset-cursor.js'
export { keysetPage, pageLimit, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, type Page } from './page.js'

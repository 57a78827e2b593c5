export { secretBox, type SecretBox } from './secret-box.js'

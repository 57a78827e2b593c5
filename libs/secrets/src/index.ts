export { codeMac, type CodeMac } from './code-mac.js'
export { secretBox, type SecretBox } from './secret-box.js'
export { sealingKeyIdOf, sealingKeyring, type SealingKeyring } from './sealing-keyring.js'
export { createSecretHasher, type SecretHasher } from './secret-hasher.js'

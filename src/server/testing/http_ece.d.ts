// The part of http_ece's API the local push service uses (the package ships no types).
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto'

  interface Params {
    version: 'aes128gcm' | 'aesgcm'
    privateKey?: ECDH
    authSecret?: Buffer
    keyid?: string
    dh?: string | Buffer
  }
  const ece: {
    decrypt(content: Buffer, params: Params): Buffer
    encrypt(content: Buffer, params: Params): Buffer
  }
  export default ece
}

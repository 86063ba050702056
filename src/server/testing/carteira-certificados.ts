import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import forge from 'node-forge'

/**
 * The wallets' keys and certificates, made by the tests for themselves (no Apple or Google account involved): a root
 * CA standing for Apple's, a WWDR intermediate it signed, and a pass type certificate the intermediate signed (its UID
 * the pass type id, its OU the team, as Apple issues them); an APNs key (EC P-256, a `.p8`); a Google service
 * account's RSA key. Made once per process: RSA keys take a moment.
 */
export interface CertificadosDeTeste {
  passTypeId: string
  teamId: string
  /** The root, to verify the pass's signature against (openssl's -CAfile). */
  raiz: string
  wwdr: string
  certificado: string
  chave: string
  apnsKeyId: string
  apnsChave: string
  apnsPublica: KeyObject
  googleChave: string
  googlePublica: KeyObject
  googleEmail: string
}

const PASS_TYPE_ID = 'pass.pt.balcao.teste'
const TEAM_ID = 'BALCAO1234'

function rsa() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return {
    privada: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publica: publicKey,
  }
}

function certificado(
  sujeito: forge.pki.CertificateField[],
  chavePublicaPem: string,
  emissor: { sujeito: forge.pki.CertificateField[]; chave: string },
  ca: boolean,
  serie: string,
): string {
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.publicKeyFromPem(chavePublicaPem)
  cert.serialNumber = serie
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600_000)
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600_000)
  cert.setSubject(sujeito)
  cert.setIssuer(emissor.sujeito)
  cert.setExtensions([
    { name: 'basicConstraints', cA: ca },
    { name: 'keyUsage', keyCertSign: ca, cRLSign: ca, digitalSignature: true },
  ])
  const chaveEmissor = forge.pki.privateKeyFromPem(emissor.chave)
  cert.sign(chaveEmissor, forge.md.sha256.create())
  return forge.pki.certificateToPem(cert)
}

let feitos: CertificadosDeTeste | null = null

export function certificadosDeTeste(): CertificadosDeTeste {
  if (feitos) return feitos
  const raiz = rsa()
  const wwdr = rsa()
  const passe = rsa()
  const google = rsa()
  const pem = (k: KeyObject) => k.export({ type: 'spki', format: 'pem' }).toString()
  const sujeitoRaiz = [{ name: 'commonName', value: 'Raiz de teste (Apple Root CA)' }]
  const sujeitoWwdr = [{ name: 'commonName', value: 'WWDR de teste' }]
  const raizPem = certificado(sujeitoRaiz, pem(raiz.publica), { sujeito: sujeitoRaiz, chave: raiz.privada }, true, '01')
  const wwdrPem = certificado(sujeitoWwdr, pem(wwdr.publica), { sujeito: sujeitoRaiz, chave: raiz.privada }, true, '02')
  const passePem = certificado(
    [
      { name: 'commonName', value: `Pass Type ID: ${PASS_TYPE_ID}` },
      { type: '0.9.2342.19200300.100.1.1', value: PASS_TYPE_ID },
      { name: 'organizationalUnitName', value: TEAM_ID },
    ],
    pem(passe.publica),
    { sujeito: sujeitoWwdr, chave: wwdr.privada },
    false,
    '03',
  )
  const apns = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  feitos = {
    passTypeId: PASS_TYPE_ID,
    teamId: TEAM_ID,
    raiz: raizPem,
    wwdr: wwdrPem,
    certificado: passePem,
    chave: passe.privada,
    apnsKeyId: 'APNSKEY123',
    apnsChave: apns.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    apnsPublica: apns.publicKey,
    googleChave: google.privada,
    googlePublica: google.publica,
    googleEmail: 'balcao-carteira@balcao-teste.iam.gserviceaccount.com',
  }
  return feitos
}

import { PKPass } from 'passkit-generator'
import sharp from 'sharp'
import { type Cartao, regrasDoCartao } from './cartao.ts'

/** What signing a pass takes, and where the pass asks for its updates (the settings, decision 0047). */
export interface ApplePasseSettings {
  passTypeId: string
  teamId: string
  /** The pass type certificate and its key (PEM), and Apple's WWDR intermediate certificate (PEM). */
  certificado: string
  chave: string
  chaveSenha?: string | undefined
  wwdr: string
  /** The web service's base URL (Apple appends `/v1/...`). */
  webServiceUrl: string
}

/** The group's brand, as the app's icon draws it (src/web/public/icon.svg). */
const COR_FUNDO = 'rgb(156, 61, 34)'
const COR_TEXTO = 'rgb(251, 247, 242)'
const COR_ROTULO = 'rgb(242, 193, 78)'
const ICONE_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="112" fill="#9c3d22"/><path d="M120 300h272l-20 60a40 40 0 0 1-38 28H178a40 40 0 0 1-38-28z" fill="#fbf7f2"/><rect x="96" y="272" width="320" height="32" rx="16" fill="#f2c14e"/><path d="M200 250c0-40 30-50 30-80s-20-40-20-40M262 250c0-40 30-50 30-80s-20-40-20-40" stroke="#fbf7f2" stroke-width="18" fill="none" stroke-linecap="round"/></svg>',
)

/** Apple's required icon at each scale (29 pt), drawn once per process. */
let icones: Promise<Record<string, Buffer>> | null = null
function iconesDoPasse(): Promise<Record<string, Buffer>> {
  icones ??= Promise.all(
    [1, 2, 3].map(async (escala) => {
      const png = await sharp(ICONE_SVG)
        .resize(29 * escala, 29 * escala)
        .png()
        .toBuffer()
      return [escala === 1 ? 'icon.png' : `icon@${escala}x.png`, png] as const
    }),
  ).then(Object.fromEntries)
  return icones
}

/** Euros as a number for the pass's currency field (Wallet formats it by the phone's locale). */
const euros = (centimos: number) => centimos / 100

/**
 * The card as a signed Apple Wallet pass (`.pkpass`, a storeCard): the group's name and colours, the customer's name,
 * balance, points and rewards, and the loyalty QR the till reads. `sharingProhibited`: a loyalty card is one person's.
 */
export async function passeApple(settings: ApplePasseSettings, cartao: Cartao, token: string): Promise<Buffer> {
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: settings.passTypeId,
    teamIdentifier: settings.teamId,
    serialNumber: cartao.serie,
    organizationName: 'Balcão',
    description: 'Cartão de fidelização Balcão',
    logoText: 'Balcão',
    backgroundColor: COR_FUNDO,
    foregroundColor: COR_TEXTO,
    labelColor: COR_ROTULO,
    sharingProhibited: true,
    webServiceURL: settings.webServiceUrl,
    authenticationToken: token,
    barcodes: [{ format: 'PKBarcodeFormatQR', message: cartao.qr, messageEncoding: 'iso-8859-1' }],
    storeCard: {
      headerFields: [{ key: 'pontos', label: 'Pontos', value: cartao.pontos, changeMessage: 'Tem agora %@ pontos.' }],
      primaryFields: [
        {
          key: 'saldo',
          label: 'Saldo',
          value: euros(cartao.saldo),
          currencyCode: 'EUR',
          changeMessage: 'O seu saldo é agora %@.',
        },
      ],
      secondaryFields: [{ key: 'nome', label: 'Cliente', value: cartao.nome ?? '' }],
      auxiliaryFields: [
        { key: 'premios', label: 'Prémios', value: cartao.itens },
        ...(cartao.aniversario
          ? [
              {
                key: 'aniversario',
                label: 'Prémio de aniversário',
                value: cartao.aniversario,
                changeMessage: 'Feliz aniversário! %@',
              },
            ]
          : []),
      ],
      backFields: [{ key: 'regras', label: 'Pontos por prémio', value: regrasDoCartao(cartao) }],
    },
  }
  const pass = new PKPass(
    { 'pass.json': Buffer.from(JSON.stringify(passJson)), ...(await iconesDoPasse()) },
    {
      wwdr: settings.wwdr,
      signerCert: settings.certificado,
      signerKey: settings.chave,
      ...(settings.chaveSenha ? { signerKeyPassphrase: settings.chaveSenha } : {}),
    },
  )
  return pass.getAsBuffer()
}

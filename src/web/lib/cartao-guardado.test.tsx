import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PrivateData, UserData } from '../../shared/conta.ts'
import type { Transacao } from '../../shared/fidelizacao.ts'
import { ApiError, OFFLINE_MESSAGE } from './api.ts'
import { atualizadoAs, CartaoSemRede, cartaoDe, guardarCartao, lerCartao } from './cartao-guardado.tsx'
import { CARTAO_STORAGE_KEY, PRIVATE_DATA_KEY, SEM_SESSAO, setPrivateData } from './private-data.ts'

/** localStorage as a Map: what the device keeps, readable by the test. */
class MemoryStorage implements Storage {
  readonly items = new Map<string, string>()
  get length() {
    return this.items.size
  }
  clear() {
    this.items.clear()
  }
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
  setItem(key: string, value: string) {
    this.items.set(key, value)
  }
}

function utilizador(id: number, extra: Partial<UserData> = {}): UserData {
  return {
    id,
    telemovel: `91234567${id}`,
    pais: '351',
    nome: 'Rita Fonseca',
    email: 'rita.fonseca@example.pt',
    dataNascimento: '1990-05-17',
    codigoPostal: '1200-001',
    genero: 'F',
    codigoParceria: null,
    nomeFaturacao1: 'Rita Fonseca',
    nif1: '123456789',
    nomeFaturacao2: null,
    nif2: null,
    nif_utilizado: 'principal',
    comunicacoes: false,
    comunicacao: false,
    temporario: 0,
    registoCompleto: true,
    usar_codigo_seguranca: 0,
    codigo_seguranca: null,
    saldo: 128,
    pontos: 25,
    patamar: 100,
    itens: 1,
    ja_poupou: 100,
    acumulado: 228,
    total_valor_desconto: 0,
    ve_rating: true,
    premio: null,
    aniversario: null,
    carimbos: [],
    expiracao: null,
    id_perfil: 1,
    classe_perfil: 'perfil-base',
    dataActualizacao: '2026-11-20T10:00:00.000Z',
    eliminado: 0,
    qrCode: `qr-do-cliente-${id}`,
    termosPorAceitar: [],
    ...extra,
  }
}

const transacao = (id: number) =>
  ({ id, tipo: 'compra', loja: 'Chiado', data: '28/11/2026', hora: '12:30' }) as Transacao

function sessao(id: number, extra: Partial<UserData> = {}): PrivateData {
  return {
    user: { loggedIn: true, sawOnboarding: true, data: utilizador(id, extra) },
    transacoes: [1, 2, 3, 4, 5, 6].map(transacao),
    ordering: [],
  }
}

const LIDO = Date.parse('2026-11-28T14:05:00.000Z')

describe('the card kept on the device', () => {
  it('keeps only what the loyalty screens show: the QR, the balances, the phone or code, the last 4 movements', () => {
    const guardado = cartaoDe(sessao(7), LIDO)
    expect(guardado).toEqual({
      v: 1,
      cartao: {
        id: 7,
        qrCode: 'qr-do-cliente-7',
        saldo: 128,
        ja_poupou: 100,
        pontos: 25,
        patamar: 100,
        itens: 1,
        premio: null,
        aniversario: null,
        carimbos: [],
        expiracao: null,
        pais: '351',
        telemovel: '912345677',
        usar_codigo_seguranca: 0,
        codigo_seguranca: null,
      },
      transacoes: [1, 2, 3, 4].map(transacao),
      lidoEm: LIDO,
    })
    // No e-mail, birth date, postal code, NIFs or name on the device.
    const texto = JSON.stringify(guardado)
    for (const pessoal of ['rita.fonseca@example.pt', '1990-05-17', '1200-001', '123456789', 'Rita Fonseca']) {
      expect(texto).not.toContain(pessoal)
    }
  })

  it('is none for a guest, a session ended, or a temporary account (sent to complete its data first)', () => {
    expect(cartaoDe(SEM_SESSAO, LIDO)).toBeNull()
    expect(cartaoDe({ ...sessao(7), user: { ...sessao(7).user, loggedIn: false } }, LIDO)).toBeNull()
    expect(cartaoDe(sessao(7, { temporario: 1 }), LIDO)).toBeNull()
  })

  it("is replaced by the next customer's, and removed by private data with no customer", () => {
    const storage = new MemoryStorage()
    guardarCartao(storage, sessao(7), LIDO)
    expect(lerCartao(storage)?.cartao.id).toBe(7)
    guardarCartao(storage, sessao(8), LIDO + 60_000)
    expect(lerCartao(storage)).toMatchObject({ cartao: { id: 8, qrCode: 'qr-do-cliente-8' }, lidoEm: LIDO + 60_000 })
    guardarCartao(storage, SEM_SESSAO, LIDO)
    expect(storage.length).toBe(0)
    expect(lerCartao(storage)).toBeNull()
  })

  it('reads as none what is not a card of this shape', () => {
    const storage = new MemoryStorage()
    for (const kept of ['{', 'null', '{"v":2,"cartao":{"qrCode":"x"},"transacoes":[],"lidoEm":1}', '{"v":1}']) {
      storage.setItem(CARTAO_STORAGE_KEY, kept)
      expect(lerCartao(storage), kept).toBeNull()
    }
    expect(lerCartao(null)).toBeNull()
  })

  it('a storage that refuses the card (full) keeps no older one in its place', () => {
    const storage = new MemoryStorage()
    guardarCartao(storage, sessao(7), LIDO)
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError')
    }
    guardarCartao(storage, sessao(8), LIDO)
    expect(lerCartao(storage)).toBeNull()
  })
})

describe("'Atualizado às HH:mm', in Lisbon time", () => {
  it('the hour alone on the same day in Lisbon, winter and summer', () => {
    expect(atualizadoAs(LIDO, LIDO + 3 * 3600_000)).toBe('Atualizado às 14:05')
    // Summer time: UTC+1.
    expect(atualizadoAs(Date.parse('2026-07-01T08:40:00Z'), Date.parse('2026-07-01T20:00:00Z'))).toBe(
      'Atualizado às 09:40',
    )
  })

  it('the date too when it was read on another day in Lisbon (which UTC does not tell)', () => {
    // 23:30 on 1 July in Lisbon; ten minutes past midnight on the 2nd there, still the 1st in UTC.
    expect(atualizadoAs(Date.parse('2026-07-01T22:30:00Z'), Date.parse('2026-07-01T23:10:00Z'))).toBe(
      'Atualizado em 01/07/2026 às 23:30',
    )
    expect(atualizadoAs(LIDO, LIDO + 2 * 24 * 3600_000)).toBe('Atualizado em 28/11/2026 às 14:05')
  })
})

describe('what private data leave on the device (lib/private-data.ts)', () => {
  afterEach(() => vi.unstubAllGlobals())

  function device() {
    const storage = new MemoryStorage()
    vi.stubGlobal('window', { localStorage: storage, setTimeout })
    return { storage, client: new QueryClient() }
  }

  it("a signed-in customer's private data keep their card; a sign-out given right after leaves none", async () => {
    const { storage, client } = device()
    setPrivateData(client, sessao(7))
    await vi.waitFor(() => expect(lerCartao(storage)?.cartao.id).toBe(7))
    setPrivateData(client, sessao(7))
    setPrivateData(client, SEM_SESSAO)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(lerCartao(storage)).toBeNull()
    expect(storage.getItem('balcao.onboarding')).toBe('1')
  })

  it("another customer's sign-in replaces the card, even one given right after the first customer's", async () => {
    const { storage, client } = device()
    setPrivateData(client, sessao(7))
    setPrivateData(client, sessao(8))
    await vi.waitFor(() => expect(lerCartao(storage)?.cartao.id).toBe(8))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(lerCartao(storage)?.cartao.qrCode).toBe('qr-do-cliente-8')
  })
})

describe('a loyalty screen with no answer for want of a network', () => {
  afterEach(() => vi.unstubAllGlobals())

  function render(kept: PrivateData | null) {
    const storage = new MemoryStorage()
    if (kept) guardarCartao(storage, kept, LIDO)
    vi.stubGlobal('window', { localStorage: storage })
    const client = new QueryClient()
    client
      .getQueryCache()
      .build(client, { queryKey: PRIVATE_DATA_KEY })
      .setState({
        status: 'error',
        error: new ApiError(0, 'Erro', OFFLINE_MESSAGE),
        fetchFailureReason: new ApiError(0, 'Erro', OFFLINE_MESSAGE),
      })
    return renderToStaticMarkup(
      <QueryClientProvider client={client}>
        <CartaoSemRede marcaClassName="marca">
          {(conta, transacoes, marca) => (
            <>
              {marca}
              <span>{`${conta.qrCode} ${conta.saldo} ${transacoes.length}`}</span>
            </>
          )}
        </CartaoSemRede>
      </QueryClientProvider>,
    )
  }

  it('shows the card the device kept, with when it was read, as text', () => {
    const html = render(sessao(7))
    expect(html).toContain('<p class="marca" role="status">Atualizado em 28/11/2026 às 14:05</p>')
    expect(html).toContain('qr-do-cliente-7 128 4')
  })

  it('says there is no connection when the device kept none', () => {
    const html = render(null)
    expect(html).toContain(OFFLINE_MESSAGE)
    expect(html).toContain('Tentar novamente')
    expect(html).not.toContain('qr-do-cliente')
  })
})

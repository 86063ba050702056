import type { InjectOptions } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { POLITICA_PRIVACIDADE_TAG, TERMOS_TAG } from '../../../shared/constants.ts'
import { termosMensagens } from '../../../shared/termos.ts'
import { MINUTE } from '../../platform/clock.ts'
import { type TestApp, testDialects } from '../../testing/harness.ts'
import { ADMIN_COOKIE } from '../admin/routes.ts'
import { signedInAdmin } from '../admin/testing.ts'
import { tokenDoEmail } from '../rgpd/testing.ts'
import { accountsApp, DADOS, type ManualClock, registerAccount } from './testing.ts'

/**
 * Terms accepted again (docs/decisions/0033): a new version of the terms published in the back-office as relevant asks
 * each customer with a complete registration to accept it (the private data's `termosPorAceitar`, the checkout waits);
 * the acceptance is recorded with its version and time, once, and is in the portability file. An edit not marked
 * relevant asks nobody.
 */
describe.each(testDialects())('terms accepted again, on %s', { timeout: 60_000 }, (dialect) => {
  let t: TestApp
  let clock: ManualClock
  let admin: string
  let termosId: number
  let privacidadeId: number

  beforeEach(async () => {
    ;({ t, clock } = await accountsApp(dialect))
    admin = await signedInAdmin(t, 'admin-termos@exemplo.pt', 'admin', { clock })
    const ids = await t.database.db
      .insertInto('informacao_legal')
      .values([
        { tag: TERMOS_TAG, title: 'Termos', title_detail: 'Termos e Condições', text: '<p>Termos.</p>', posicao: 1 },
        {
          tag: POLITICA_PRIVACIDADE_TAG,
          title: 'Privacidade',
          title_detail: 'Política',
          text: '<p>P.</p>',
          posicao: 2,
        },
      ])
      .returning('id')
      .execute()
    termosId = ids[0]?.id as number
    privacidadeId = ids[1]?.id as number
  })
  afterEach(() => t.close())

  const staff = (url: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/admin/api${url}`,
      headers: { accept: 'application/json', cookie: `${ADMIN_COOKIE}=${admin}` },
      payload: body as InjectOptions['payload'],
    })

  /** The back-office saves a new version of the terms, relevant or not. */
  async function publicarTermos(text: string, relevante: { o_que_mudou: string } | null) {
    const res = await staff(`/legais/${termosId}`, {
      tag: TERMOS_TAG,
      title: 'Termos',
      title_detail: 'Termos e Condições',
      text,
      posicao: 1,
      ...(relevante ? { relevante: true, o_que_mudou: relevante.o_que_mudou } : {}),
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }

  type Cliente = Awaited<ReturnType<typeof registerAccount>>
  const porAceitar = async (d: Cliente) =>
    (await d.call('POST', '/api/refresh-private-data', { value: true })).json().data.user.data.termosPorAceitar
  const aceitar = (d: Cliente, versao: string) =>
    d.call('POST', '/api/aceita-termos', { textos: [{ tipo: 'termos', versao }] })
  const aceitacoes = (utilizadorId: number) =>
    t.database.db
      .selectFrom('consentimentos')
      .select(['versao', 'registado_em'])
      .where('utilizador_id', '=', utilizadorId)
      .where('tipo', '=', 'termos')
      .orderBy('id')
      .execute()
  const checkout = (d: Cliente) =>
    d.call(
      'POST',
      '/api/finaliza-encomenda',
      {
        id_tipo_entrega: 0,
        telemovel: '912345678',
        pais: '351',
        aceitou: true,
        nome: 'Ana Silva',
        email: 'ana@exemplo.pt',
        nif: '',
        cart: [{ id: '1002', qtd: 1 }],
        id_loja: 862,
      },
      { 'idempotency-key': `checkout-${Math.random()}` },
    )

  it('a relevant new version is asked, the checkout waits, and the acceptance records its version and time, once', async () => {
    const d = await registerAccount(t)
    const id = (await d.call('POST', '/api/refresh-private-data', { value: true })).json().data.user.data.id
    expect(await porAceitar(d)).toEqual([])

    clock.advance(10 * MINUTE)
    const publicada = await publicarTermos('<p>Termos novos: devoluções em 30 dias.</p>', {
      o_que_mudou: 'As devoluções passam a 30 dias.',
    })
    expect(publicada.alteracao_relevante).toMatchObject({ o_que_mudou: 'As devoluções passam a 30 dias.' })
    const [pedido, ...outros] = await porAceitar(d)
    expect(outros).toEqual([])
    expect(pedido).toEqual({
      tipo: 'termos',
      titulo: 'Termos',
      versao: expect.stringMatching(/^sha256:[0-9a-f]{12}$/),
      o_que_mudou: 'As devoluções passam a 30 dias.',
      publicado_em: clock.now().toISOString(),
      ligacao: '/termos/',
    })
    const esperando = await checkout(d)
    expect(esperando.statusCode, esperando.body).toBe(409)
    expect(esperando.json().error.message).toBe('Aceite os novos Termos e Condições antes de continuar.')

    // A version other than the one published (the text changed while the dialog was open) is not accepted.
    const antiga = await aceitar(d, 'sha256:000000000000')
    expect(antiga.statusCode).toBe(409)
    expect(antiga.json().error.message).toBe(termosMensagens.versaoMudou)
    expect(await porAceitar(d)).toHaveLength(1)

    clock.advance(MINUTE)
    const aceite = await aceitar(d, pedido.versao)
    expect(aceite.statusCode, aceite.body).toBe(200)
    expect(aceite.json().data.user.data.termosPorAceitar).toEqual([])
    const depois = await aceitacoes(id)
    expect(depois.at(-1)).toEqual({ versao: pedido.versao, registado_em: clock.now().toISOString() })
    // Twice (a double tap, a second device): nothing more is recorded.
    expect((await aceitar(d, pedido.versao)).statusCode).toBe(200)
    expect(await aceitacoes(id)).toHaveLength(depois.length)
    expect(await porAceitar(d)).toEqual([])
    expect((await checkout(d)).statusCode).not.toBe(409)

    // The portability file carries it: the text, the version and the moment.
    await d.call('POST', '/rgpd/portabilidade', { email: DADOS.email })
    const token = await tokenDoEmail(t, DADOS.email, 'portabilidade')
    const ficheiro = (await d.call('POST', `/api/rgpd/portabilidade/${token}`, { confirmar: true })).json()
    expect(ficheiro.consentimentos).toContainEqual({
      tipo: 'termos',
      versao: pedido.versao,
      dado: true,
      em: clock.now().toISOString(),
      origem: 'termos',
    })
  })

  it('the checkout names what waits: the privacy policy alone, or both texts', async () => {
    const d = await registerAccount(t)
    clock.advance(MINUTE)
    const privacidade = await staff(`/legais/${privacidadeId}`, {
      tag: POLITICA_PRIVACIDADE_TAG,
      title: 'Privacidade',
      title_detail: 'Política',
      text: '<p>P. nova.</p>',
      posicao: 2,
      relevante: true,
      o_que_mudou: 'Novo subcontratante.',
    })
    expect(privacidade.statusCode, privacidade.body).toBe(200)
    const soPrivacidade = await checkout(d)
    expect(soPrivacidade.statusCode, soPrivacidade.body).toBe(409)
    expect(soPrivacidade.json().error.message).toBe('Aceite a nova Política de Privacidade antes de continuar.')
    expect(termosMensagens.porAceitar(['privacidade'])).toBe(soPrivacidade.json().error.message)
    await publicarTermos('<p>Termos novos.</p>', { o_que_mudou: 'Novas regras de devolução.' })
    const ambos = await checkout(d)
    expect(ambos.statusCode, ambos.body).toBe(409)
    expect(ambos.json().error.message).toBe(
      'Aceite os novos Termos e Condições e a nova Política de Privacidade antes de continuar.',
    )
  })

  it('an edit not marked relevant asks nobody, and leaves an earlier relevant change as it was', async () => {
    const d = await registerAccount(t)
    clock.advance(MINUTE)
    await publicarTermos('<p>Termos, com uma gralha corrigida.</p>', null)
    expect(await porAceitar(d)).toEqual([])
    expect((await checkout(d)).statusCode).not.toBe(409)

    clock.advance(MINUTE)
    await publicarTermos('<p>Termos novos.</p>', { o_que_mudou: 'Novas regras de devolução.' })
    const [pedido] = await porAceitar(d)
    expect((await aceitar(d, pedido.versao)).statusCode).toBe(200)
    clock.advance(MINUTE)
    await publicarTermos('<p>Termos novos, com uma vírgula.</p>', null)
    expect(await porAceitar(d)).toEqual([])
  })

  it('a customer who completes the registration after the change accepts it there, and is not asked again', async () => {
    await publicarTermos('<p>Termos novos.</p>', { o_que_mudou: 'Novas regras de devolução.' })
    clock.advance(MINUTE)
    const d = await registerAccount(t, '913333333')
    expect(await porAceitar(d)).toEqual([])
  })

  it('the back-office says what changed, and only of the texts customers accept', async () => {
    const semTexto = await staff(`/legais/${termosId}`, {
      tag: TERMOS_TAG,
      title: 'Termos',
      text: '<p>Outros.</p>',
      relevante: true,
    })
    expect(semTexto.statusCode).toBe(400)
    expect(semTexto.json().error.fields.o_que_mudou).toBe(termosMensagens.oQueMudouObrigatorio)
    const outro = await staff('/legais', {
      tag: 'cookies',
      title: 'Cookies',
      text: '<p>Cookies.</p>',
      relevante: true,
      o_que_mudou: 'Tudo.',
    })
    expect(outro.statusCode).toBe(400)
    expect(outro.json().error.fields.relevante).toBe(termosMensagens.soTextosAceites)
  })
})

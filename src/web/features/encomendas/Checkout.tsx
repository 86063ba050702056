import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { DEFAULT_PAIS, TERMOS_TAG } from '../../../shared/constants.ts'
import type { Convidado } from '../../../shared/convidado.ts'
import { TRAGO_RECIPIENTE } from '../../../shared/embalagens.ts'
import { enumerar } from '../../../shared/enumerar.ts'
import { ESTADO, nomeMesa, TIPOS_ENTREGA } from '../../../shared/estado-pedido.ts'
import type { MetodoPagamento } from '../../../shared/metodos-pagamento.ts'
import { href, paths } from '../../../shared/routes.ts'
import { ApiError } from '../../lib/api.ts'
import { type usePrivateData, useSetPrivateData } from '../../lib/private-data.ts'
import { CheckboxField, Field } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { LoadingOverlay } from '../../ui/LoadingOverlay.tsx'
import { PhoneField } from '../../ui/PhoneField.tsx'
import { useLojasEncomenda } from './api.ts'
import { type LinhaLocal, mesaAtiva, useEncomendaLocal } from './carrinho.ts'
import { paraApi } from './carrinho-api.ts'
import { CONVIDADO_KEY } from './convidado.ts'
import { DescontosCheckout } from './DescontosCheckout.tsx'
import { lembrarEncomendaFeita } from './encomenda-feita.ts'
import { encomendasKeys } from './keys.ts'
import { horarioEmFalta, Levantamento, recusaDoHorario, semLevantamento } from './Levantamento.tsx'
import { comoPaga, SEM_METODOS, SecaoPagamento } from './MetodosPagamento.tsx'
import { metodosDoDispositivo } from './metodos-do-dispositivo.ts'
import { camposDoPremio, type EscolhaPremio, escolhaAEnviar, recusaDoPremio } from './premios-checkout.ts'
import { RebaterOferta } from './RebaterOferta.tsx'
import { MEIA_DOSE, ResumoEncomenda } from './ResumoEncomenda.tsx'
import { ResumoPreContratual } from './ResumoPreContratual.tsx'
import { esquemaDoFormulario, guardarRascunho, nifEscolhido, type Tipo, tomarRascunho } from './rascunho-checkout.ts'
import { emFaltaParaFinalizar, erroComLinhas, finalizar, useCalculo } from './use-finalizar.ts'
import './checkout.css'
import { NO_NATIVE_SUBMIT } from '../../ui/no-native-submit.ts'

/** The ordering terms of the demo content, shown with the general terms next to the acceptance box. */
const CONDICOES_ENCOMENDA_TAG = 'condicoes-de-encomenda'

type User = NonNullable<NonNullable<ReturnType<typeof usePrivateData>['data']>['user']['data']>

interface CheckoutProps {
  idLoja: number
  linhas: LinhaLocal[]
  tipoLocal: Tipo
  /** The signed-in customer, or (null) a guest whose phone was confirmed for this order (decision 0050). */
  user: User | null
  convidado: Convidado | null
}

/**
 * The checkout's form (spec §2 "Checkout step 1", shown by FinalizarPage): the cart priced by the server, a reward and
 * the balance to take off, delivery type, phone (MB WAY's), name, e-mail, NIF and the terms. A chunk of its own (with
 * react-hook-form and the form kit): it arrives while the server prices the cart.
 */
export function Checkout({ idLoja, linhas, tipoLocal, user, convidado }: CheckoutProps) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const setPrivateData = useSetPrivateData()
  const local = useEncomendaLocal()
  const { definirUsarPremio, tipoEncomendado, deixarMesa } = local
  // Seated by a table's QR code at this store: eating in, at that table, no pick-up time (decision 0045).
  const mesa = mesaAtiva(local, idLoja, Date.now())
  const cart = paraApi(linhas)
  const cartKey = JSON.stringify(cart)
  const nomes = linhas.map((l) => (l.porcao === 'meia' ? `${l.nome} (${l.rotuloPorcao ?? MEIA_DOSE})` : l.nome))
  const chave = `${idLoja}|${cartKey}`
  const [inicial] = useState(() => tomarRascunho(chave))
  // Spec §4 empties the cart on a change of delivery type in the store modal and the catalogue; here the type is the
  // order's field, sent as chosen, and recorded on the device once the order is made (tipoEncomendado).
  const [tipoEscolhido, setTipo] = useState<Tipo>(inicial?.tipo ?? tipoLocal)
  const tipo: Tipo = mesa ? 1 : tipoEscolhido
  // Each visit starts without the balance (spec §4: usar_premio 0 unless the person says 'Usar') and the reward.
  const [usar, setUsar] = useState<0 | 1>(inicial?.usar ?? 0)
  const [premio, setPremio] = useState<EscolhaPremio>(inicial?.premio ?? null)
  // 'Trago o meu recipiente' (decision 0037): of a take-away order only, unchecked unless the person checks it.
  const [recipiente, setRecipiente] = useState<0 | 1>(inicial?.recipiente ?? 0)
  // 'Levantar': as soon as possible (null) unless the person picks a slot.
  const [levantar, setLevantar] = useState<string | null>(inicial?.levantar ?? null)
  const [perguntado, setPerguntado] = useState(inicial?.perguntado ?? false)
  // The method chosen; until then (or when the store no longer offers it), the first the store and device offer.
  const [metodoEscolhido, setMetodo] = useState<MetodoPagamento | null>(inicial?.metodo ?? null)
  const [perguntar, setPerguntar] = useState(false)
  const loja = useLojasEncomenda().data?.find((l) => l.id_loja === idLoja)

  // Priced for the kind of sale chosen here (a store may price each its own way; only take-away pays packaging).
  const recipiente_proprio = tipo === 0 ? recipiente : 0
  const pedido = { cart, id_loja: idLoja, id_tipo_entrega: tipo, recipiente_proprio, ...camposDoPremio(premio) }
  const sem = useCalculo({ ...pedido, usar_premio: 0 }, cartKey)
  const com = useCalculo({ ...pedido, usar_premio: 1 }, cartKey, usar === 1)
  const calculo = usar === 1 ? com : sem
  const dados = calculo.data ?? sem.data
  const metodos = metodosDoDispositivo(dados?.pagamento.metodos ?? [])
  const metodo: MetodoPagamento | null =
    metodoEscolhido && metodos.includes(metodoEscolhido) ? metodoEscolhido : (metodos[0] ?? null)

  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema: esquemaDoFormulario,
    defaultValues: inicial?.valores ?? {
      telemovel: user?.telemovel ?? convidado?.telemovel ?? '',
      pais: user?.pais ?? convidado?.pais ?? DEFAULT_PAIS,
      aceitou: false,
      nome: user?.nome ?? '',
      email: user?.email ?? '',
      nif: user ? nifEscolhido(user) : '',
    },
    submit: (values) =>
      finalizar({
        ...values,
        aceitou: true,
        id_tipo_entrega: tipo,
        cart,
        id_loja: idLoja,
        usar_premio: usar,
        ...camposDoPremio(escolhaAEnviar(premio, dados)),
        recipiente_proprio,
        levantar_em: mesa ? null : levantar,
        mesa: mesa?.codigo ?? null,
        metodo: metodo ?? 'mbway',
      }).catch((error: unknown) => {
        if (recusaDoHorario(error)) void calculo.refetch()
        // The table's code refused (a table gone, the store's tables changed), or the reward: on without it.
        if (error instanceof ApiError && error.fields?.mesa) deixarMesa()
        if (recusaDoPremio(error)) {
          // Used or ended meanwhile: the calculations stop offering it.
          setPremio(null)
          void queryClient.invalidateQueries({ queryKey: encomendasKeys.calculos })
        }
        throw erroComLinhas(error, nomes)
      }),
    onSuccess: ({ orderData, privateData }) => {
      setPrivateData(privateData)
      queryClient.setQueryData(encomendasKeys.encomenda(orderData.orderId), orderData)
      // 'As minhas encomendas' has one more; a guest's confirmation is now this order's.
      void queryClient.invalidateQueries({ queryKey: encomendasKeys.historico })
      // The next order's calculation no longer offers the balance or the reward this one took.
      void queryClient.invalidateQueries({ queryKey: encomendasKeys.calculos })
      if (convidado) void queryClient.invalidateQueries({ queryKey: CONVIDADO_KEY })
      lembrarEncomendaFeita({ orderId: orderData.orderId, carrinho: cartKey })
      tipoEncomendado(tipo)
      const pago = orderData.status !== ESTADO.pagamento && orderData.status !== ESTADO.cancelado
      const destino = pago ? paths.finalizarPasso2 : paths.finalizarPassoPagamento
      // Replaced: "back" from the payment goes to the cart, not to a checkout already sent.
      navigate(`${destino}?encomenda=${orderData.orderId}`, { replace: true })
      // Paid on the provider's page: there now; "back" from it is the payment screen, which can return to it.
      const pagina = orderData.pagamento && 'url' in orderData.pagamento ? orderData.pagamento.url : null
      if (!pago && pagina) window.location.assign(pagina)
    },
  })
  const { showError } = submission

  useEffect(() => definirUsarPremio(usar), [usar, definirUsarPremio]) // spec §3 "Ordering local"

  // Spec §4: after the calculation, balance to take off → 'Rebater Oferta'; none → usar_premio 0.
  const removivel = sem.data?.loyaltyData.transaction.total_outstanding_removed
  useEffect(() => {
    if (removivel === undefined) return
    if (removivel <= 0) {
      setUsar(0)
      return
    }
    if (!perguntado) {
      setPerguntado(true)
      setPerguntar(true)
    }
  }, [removivel, perguntado])

  // Spec §8: a calculation's failure in a dialog; the person stays on the screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per failure, with the lines' names as they are then.
  useEffect(() => {
    if (sem.error) showError(erroComLinhas(sem.error, nomes))
  }, [sem.error, showError])
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per failure, with the lines' names as they are then.
  useEffect(() => {
    // Not priced with the balance: back to without it, which was.
    if (com.error) showError(erroComLinhas(com.error, nomes), () => setUsar(0))
  }, [com.error, showError])

  const [aceitou, telemovel] = form.watch(['aceitou', 'telemovel'])
  const [faltaId, recipienteId] = [useId(), useId()]

  if (sem.isPending) return <Loading label="A calcular a encomenda…" />
  if (!dados) {
    return (
      <main className="page chk-page" id="conteudo">
        <h1>Finalizar encomenda</h1>
        <div className="chk-painel" role="alert">
          <p>Não foi possível calcular a encomenda.</p>
        </div>
        <div className="form-actions">
          <button type="button" className="button" onClick={() => void sem.refetch()}>
            Tentar novamente
          </button>
          <Link className="button button-secondary" to={paths.carrinho}>
            Voltar ao carrinho
          </Link>
        </div>
        {submission.feedback}
      </main>
    )
  }

  const t = dados.loyaltyData.transaction
  const { embalagens } = dados.loyaltyData
  const contribuicao = embalagens.reduce((n, e) => n + e.valor, 0)
  const desconto = usar === 1 ? t.total_discount : 0
  const total = t.total_transaction - t.premio_discount - desconto
  const aCalcular = calculo.isFetching || (usar === 1 && !com.data && !com.error)
  const falta = emFaltaParaFinalizar({ aceitou, id_tipo_entrega: tipo, telemovel, metodo: metodo ?? undefined }, total)
  const { levantamento } = dados
  // The store closes before the order could be ready and no slot is left: the reason, in place of what is missing.
  const bloqueio =
    total > 0 && metodo === null ? SEM_METODOS : mesa || semLevantamento(levantamento) ? levantamento.aviso : null
  if (!mesa && !bloqueio && (horarioEmFalta(levantamento, levantar) || (levantamento.aviso && levantar === null))) {
    falta.unshift('escolha a hora de levantamento')
  }
  const termos = (tag: string) => href(paths.informacaoLegalConteudoFinalizar, { conteudo: tag })
  const guardar = () => {
    const valores = form.getValues()
    guardarRascunho({ chave, valores, tipo, usar, premio, recipiente, levantar, perguntado: true, metodo })
  }
  const escolher = (v: 0 | 1) => {
    setPerguntar(false)
    setUsar(v)
  }

  return (
    <main className="page chk-page" id="conteudo">
      <h1>Finalizar encomenda</h1>
      <section className="chk-painel" aria-labelledby="chk-resumo" aria-busy={aCalcular}>
        <h2 id="chk-resumo">A sua encomenda</h2>
        {loja && <p className="chk-loja">{loja.nome}</p>}
        <ResumoEncomenda
          linhas={dados.loyaltyData.lines.map((l, i) => ({
            qtd: l.qtd,
            nome: l.nome,
            escolhas: [...l.complementares, ...l.opcoes].map((x) => x.nome),
            // The server answers the lines in the cart's order: the cart keeps the menu's name of a half portion.
            porcao: l.porcao === 'meia' ? (linhas[i]?.rotuloPorcao ?? MEIA_DOSE) : null,
            observacoes: l.observacoes,
            total: l.total,
          }))}
          embalagens={embalagens}
        />
        <DescontosCheckout
          t={t}
          usar={usar}
          desconto={desconto}
          onSaldo={() => setPerguntar(true)}
          premios={dados}
          escolha={premio}
          onEscolha={setPremio}
        />
      </section>

      <form {...NO_NATIVE_SUBMIT} className="form chk-form" onSubmit={onSubmit} noValidate>
        <fieldset className="radio-group">
          <legend>Tipo de entrega</legend>
          {([0, 1] as const).map((v) => (
            <label key={v}>
              <input
                type="radio"
                name="id_tipo_entrega"
                value={v}
                checked={tipo === v}
                disabled={mesa !== null && v === 0}
                onChange={() => setTipo(v)}
              />
              {TIPOS_ENTREGA[v]}
            </label>
          ))}
          {mesa && (
            <p className="chk-mesa">
              {nomeMesa(mesa.numero)}: a encomenda é servida à mesa.{' '}
              <button type="button" className="link-button" onClick={deixarMesa}>
                Não estou nesta mesa
              </button>
            </p>
          )}
          {tipo === 0 && (
            <div className="chk-recipiente">
              <CheckboxField
                name="recipiente_proprio"
                checked={recipiente === 1}
                onChange={(e) => setRecipiente(e.target.checked ? 1 : 0)}
                aria-describedby={recipienteId}
              >
                {TRAGO_RECIPIENTE}
              </CheckboxField>
              <p className="field-hint" id={recipienteId}>
                Não paga a contribuição pelas embalagens de utilização única; a cozinha prepara o pedido para o seu
                recipiente.
              </p>
            </div>
          )}
        </fieldset>

        {!mesa && <Levantamento opcoes={levantamento} levantar={levantar} onChange={setLevantar} />}

        <SecaoPagamento total={total} metodos={metodos} metodo={metodo} onChange={setMetodo}>
          <PhoneField
            label={total > 0 && metodo === 'mbway' ? 'Telemóvel MB WAY' : 'Telemóvel'}
            telemovel={form.register('telemovel')}
            pais={form.register('pais')}
            dial={String(form.watch('pais'))}
            error={errorOf('telemovel')}
            paisError={errorOf('pais')}
          />
        </SecaoPagamento>

        <fieldset className="form-group chk-grupo">
          <legend>Os seus dados</legend>
          <Field label="Nome" required autoComplete="name" error={errorOf('nome')} {...form.register('nome')} />
          <Field
            label="Email"
            required={user !== null}
            type="email"
            autoComplete="email"
            hint={user === null ? 'Opcional: para receber a confirmação do pedido.' : undefined}
            error={errorOf('email')}
            {...form.register('email')}
          />
          <Field
            label="NIF"
            inputMode="numeric"
            autoComplete="off"
            hint="Opcional: para a fatura."
            error={errorOf('nif')}
            {...form.register('nif')}
          />
        </fieldset>

        <CheckboxField error={errorOf('aceitou')} {...form.register('aceitou')}>
          Li e aceito as{' '}
          <Link to={termos(CONDICOES_ENCOMENDA_TAG)} onClick={guardar}>
            Condições de encomenda
          </Link>{' '}
          e os{' '}
          <Link to={termos(TERMOS_TAG)} onClick={guardar}>
            Termos e Condições
          </Link>
        </CheckboxField>

        <ResumoPreContratual
          comoPaga={comoPaga(metodo ?? 'mbway')}
          vendedor={dados.vendedor}
          produtos={t.total_transaction - contribuicao}
          embalagens={contribuicao}
          desconto={desconto}
          premio={t.premio_discount}
          total={total}
        />
        <div className="form-actions chk-acoes">
          {/* The law's words (DL 24/2014, art. 5(4)): the order obliges to pay, and the button says so (decision 0037). */}
          <button
            type="submit"
            className="button"
            disabled={bloqueio !== null || falta.length > 0 || aCalcular}
            aria-describedby={bloqueio !== null || falta.length > 0 ? faltaId : undefined}
          >
            Finalizar e pagar
          </button>
          {bloqueio !== null ? (
            <p id={faltaId} className="chk-falta">
              {bloqueio}
            </p>
          ) : (
            falta.length > 0 && (
              <p id={faltaId} className="chk-falta">
                Para finalizar, {enumerar(falta)}.
              </p>
            )
          )}
        </div>
      </form>

      {perguntar && <RebaterOferta transacao={t} onEscolha={escolher} />}
      {aCalcular && !sem.isPending && <LoadingOverlay label="A calcular…" />}
      {submission.feedback}
    </main>
  )
}

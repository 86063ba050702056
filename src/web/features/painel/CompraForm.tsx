import { type FormEvent, useId, useRef, useState } from 'react'
import type { OfertaCarimbos } from '../../../shared/carimbos.ts'
import { OFERTAS_POR_COMPRA_MAX } from '../../../shared/carimbos-textos.ts'
import { descontoDosPremios, SALDO_ACIMA_DO_RESTANTE } from '../../../shared/desconto-premio.ts'
import type { Cliente, TransacaoLoja } from '../../../shared/fidelizacao.ts'
import { formatMoney } from '../../../shared/format.ts'
import { aniversarioAte, descricaoPremio } from '../../../shared/premios-textos.ts'
import { ApiError } from '../../lib/api.ts'
import { CheckboxField, Field, SelectField } from '../../ui/Field.tsx'
import { useBusy } from '../../ui/use-busy.ts'
import { ofertaAEntregar } from './carimbos-textos.ts'
import { centsToInput, type EurosParse, eurosError, parseEuros } from './money.ts'
import { useRegistarCompra } from './use-registar-compra.ts'

const REFERENCIA_MAX = 100

type Campo = 'total' | 'saldo_a_usar' | 'referencia' | 'itens_a_redimir' | 'usar_premio_aniversario'
type Erros = Partial<Record<Campo, string>>

interface CompraFormProps {
  cliente: Cliente
  /** The proof the identification gave: it lets this purchase spend the customer's balance. */
  identificacao: string
  onRegistada: (transacao: TransacaoLoja) => void
  onErro: (error: unknown, afterClose?: () => void) => void
}

/**
 * What is wrong with the balance to use, whatever the total (a total not typed yet bounds nothing); `premio`: the cents
 * the rewards chosen take off the bill first.
 */
function erroDoSaldo(saldo: EurosParse, total: EurosParse, disponivel: number, premio: number): string | undefined {
  if (!saldo.ok) return eurosError(saldo)
  if (saldo.cents > disponivel) return `O cliente só tem ${formatMoney(disponivel)} de saldo.`
  if (total.ok && saldo.cents > total.cents - premio) {
    return premio > 0 ? SALDO_ACIMA_DO_RESTANTE : 'O saldo a usar não pode ser maior do que o total.'
  }
  return undefined
}

/**
 * Step 2 at the till: the bill (euros with a comma, to cents), the balance to use (none unless asked; 'Usar todo o
 * saldo' fills min(saldo, total)), the rewards to redeem, the POS document number; 'Registar'. A failure keeps every
 * value; sending the same purchase again reuses its Idempotency-Key (use-registar-compra.ts), so it never counts twice.
 */
export function CompraForm({ cliente, identificacao, onRegistada, onErro }: CompraFormProps) {
  const [total, setTotal] = useState('')
  const [saldo, setSaldo] = useState('0,00')
  const [itens, setItens] = useState('0')
  const [usarAniversario, setUsarAniversario] = useState(false)
  const [referencia, setReferencia] = useState('')
  /** The offers to give per stamp card (its id), none until asked. */
  const [ofertas, setOfertas] = useState<Record<number, number>>({})
  const [erros, setErros] = useState<Erros>({})
  const [saldoTocado, setSaldoTocado] = useState(false)
  const registar = useRegistarCompra()
  const refs = {
    total: useRef<HTMLInputElement>(null),
    saldo_a_usar: useRef<HTMLInputElement>(null),
    referencia: useRef<HTMLInputElement>(null),
    itens_a_redimir: useRef<HTMLSelectElement>(null),
    usar_premio_aniversario: useRef<HTMLInputElement>(null),
  }
  const resumoId = useId()
  const running = useRef(false)
  const { busy: aRegistar, pending: aRegistarPendente, run } = useBusy()

  const totalParse = parseEuros(total)
  const saldoParse = parseEuros(saldo === '' ? '0' : saldo)
  // What a reward is, as the back-office defined it (none: they are only counted). An amount comes off the bill first.
  const premio = cliente.premios[0]
  const valorPremio = premio?.tipo === 'valor' ? premio.valor : 0
  // The birthday reward is used on its own (the server refuses it with counted ones): choosing it sets those to none.
  const aniversario = cliente.aniversario
  const comAniversario = aniversario !== null && usarAniversario
  const descontoPremio = totalParse.ok
    ? comAniversario
      ? Math.min(aniversario.tipo === 'valor' ? aniversario.valor : 0, Math.max(totalParse.cents, 0))
      : descontoDosPremios(Number(itens), valorPremio, Math.max(totalParse.cents, 0))
    : 0
  const saldoErro = erroDoSaldo(saldoParse, totalParse, cliente.saldo, descontoPremio)
  // Shown once typed in (or sent): a balance being typed is not yet wrong, but the amount below never uses it.
  const saldoErroMostrado = erros.saldo_a_usar ?? (saldoTocado ? saldoErro : undefined)
  const aPagar: number | 'saldo-errado' | null =
    saldoErro || saldoErroMostrado
      ? 'saldo-errado'
      : totalParse.ok && saldoParse.ok
        ? totalParse.cents - descontoPremio - saldoParse.cents
        : null

  const focar = (campo: Campo | undefined) => campo && refs[campo].current?.focus()

  const validar = (): { erros: Erros; total: number; saldo: number } => {
    const e: Erros = {}
    const t = totalParse.ok ? totalParse.cents : 0
    if (!totalParse.ok) e.total = eurosError(totalParse)
    else if (t <= 0) e.total = 'O total tem de ser maior que 0.'
    const s = saldoParse.ok ? saldoParse.cents : 0
    if (saldoErro) e.saldo_a_usar = saldoErro
    if (referencia.trim() === '') e.referencia = 'Campo de preenchimento obrigatório'
    else if (referencia.trim().length > REFERENCIA_MAX) e.referencia = `Máximo de ${REFERENCIA_MAX} caracteres.`
    return { erros: e, total: t, saldo: s }
  }

  const usarTodoOSaldo = () => {
    if (!totalParse.ok || totalParse.cents <= 0) {
      setErros((e) => ({ ...e, total: 'Indique primeiro o total da conta.' }))
      focar('total')
      return
    }
    setSaldo(centsToInput(Math.min(cliente.saldo, totalParse.cents - descontoPremio)))
    setSaldoTocado(true)
    setErros(({ saldo_a_usar: _, ...rest }) => rest)
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (running.current) return
    const v = validar()
    setErros(v.erros)
    const ordem = ['total', 'saldo_a_usar', 'itens_a_redimir', 'usar_premio_aniversario', 'referencia'] as const
    const primeiro = ordem.find((c) => v.erros[c])
    if (primeiro) {
      focar(primeiro)
      return
    }
    const ofertasCarimbos: OfertaCarimbos[] = cliente.carimbos
      .map((c) => ({ cartao_id: c.cartao_id, quantidade: ofertas[c.cartao_id] ?? 0 }))
      .filter((o) => o.quantidade > 0)
    running.current = true
    try {
      const transacao = await run(() =>
        registar.mutateAsync({
          cliente_id: cliente.id,
          identificacao,
          total: v.total,
          saldo_a_usar: v.saldo,
          itens_a_redimir: comAniversario ? 0 : Number(itens),
          usar_premio_aniversario: comAniversario ? 1 : 0,
          referencia: referencia.trim(),
          // Only when some are given: a purchase without them is the same attempt as before this field existed.
          ...(ofertasCarimbos.length > 0 ? { ofertas_carimbos: ofertasCarimbos } : {}),
        }),
      )
      onRegistada(transacao)
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined
      const campos = (Object.keys(fields ?? {}) as Campo[]).filter((c) => c in refs)
      if (fields && campos.length > 0) {
        setErros(Object.fromEntries(campos.map((c) => [c, fields[c]])))
        focar(campos[0])
      } else {
        onErro(error, () => focar('total'))
      }
    } finally {
      running.current = false
    }
  }

  return (
    <form className="painel-cartao painel-form" noValidate onSubmit={onSubmit} aria-busy={aRegistar}>
      <Field
        ref={refs.total}
        name="total"
        label="Total da conta (€)"
        className="painel-valor"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0,00"
        required
        value={total}
        error={erros.total}
        onChange={(e) => setTotal(e.target.value)}
      />
      <div className="painel-saldo-a-usar">
        <Field
          ref={refs.saldo_a_usar}
          name="saldo_a_usar"
          label="Saldo a usar (€)"
          className="painel-valor"
          inputMode="decimal"
          autoComplete="off"
          hint={`Disponível: ${formatMoney(cliente.saldo)}`}
          value={saldo}
          error={saldoErroMostrado}
          onChange={(e) => {
            setSaldo(e.target.value)
            setSaldoTocado(true)
            setErros(({ saldo_a_usar: _, ...rest }) => rest)
          }}
          onFocus={(e) => e.target.select()}
        />
        <button
          type="button"
          className="button button-secondary painel-botao"
          onClick={usarTodoOSaldo}
          disabled={cliente.saldo <= 0}
        >
          Usar todo o saldo
        </button>
      </div>
      {aniversario && (
        <CheckboxField
          ref={refs.usar_premio_aniversario}
          name="usar_premio_aniversario"
          checked={usarAniversario}
          error={erros.usar_premio_aniversario}
          onChange={(e) => {
            setUsarAniversario(e.target.checked)
            if (e.target.checked) setItens('0')
            setErros(({ usar_premio_aniversario: _, ...rest }) => rest)
          }}
        >
          Usar o prémio de aniversário: {aniversarioAte(aniversario)}
        </CheckboxField>
      )}
      {comAniversario && aniversario.tipo === 'produto' && (
        <p className="painel-premio" role="note">
          Entregue ao cliente: 1 × {aniversario.nome} (sem custo na conta).
        </p>
      )}
      {cliente.itens > 0 && !comAniversario && (
        <SelectField
          ref={refs.itens_a_redimir}
          name="itens_a_redimir"
          label="Prémios a usar"
          hint={premio ? `Cada prémio: ${descricaoPremio(premio)}` : undefined}
          value={itens}
          error={erros.itens_a_redimir}
          onChange={(e) => setItens(e.target.value)}
        >
          {Array.from({ length: cliente.itens + 1 }, (_, n) => String(n)).map((n) => (
            <option key={n} value={n}>
              {n === '0' ? 'Nenhum' : premio ? `${n} × ${premio.nome}` : n}
            </option>
          ))}
        </SelectField>
      )}
      {premio?.tipo === 'produto' && itens !== '0' && (
        <p className="painel-premio" role="note">
          Entregue ao cliente: {itens} × {premio.nome} (sem custo na conta).
        </p>
      )}
      {cliente.carimbos
        .filter((c) => c.ofertas > 0)
        .map((c) => {
          const dar = ofertas[c.cartao_id] ?? 0
          const escolher = (n: number) => setOfertas((o) => ({ ...o, [c.cartao_id]: n }))
          return (
            <div key={c.cartao_id} className="painel-oferta-carimbos">
              {/* One offer is a tick; several, how many of them. */}
              {c.ofertas === 1 ? (
                <CheckboxField
                  name={`oferta_carimbos_${c.cartao_id}`}
                  checked={dar === 1}
                  onChange={(e) => escolher(e.target.checked ? 1 : 0)}
                >
                  Dar oferta: {c.nome}
                </CheckboxField>
              ) : (
                <SelectField
                  name={`oferta_carimbos_${c.cartao_id}`}
                  label={`Dar oferta: ${c.nome}`}
                  hint={`O cliente tem ${c.ofertas} ofertas neste cartão.`}
                  value={String(dar)}
                  onChange={(e) => escolher(Number(e.target.value))}
                >
                  {Array.from({ length: Math.min(c.ofertas, OFERTAS_POR_COMPRA_MAX) + 1 }, (_, n) => String(n)).map(
                    (n) => (
                      <option key={n} value={n}>
                        {n === '0' ? 'Nenhuma' : ofertaAEntregar(Number(n), c.nome)}
                      </option>
                    ),
                  )}
                </SelectField>
              )}
              {dar > 0 && (
                <p className="painel-premio" role="note">
                  Entregue ao cliente: {ofertaAEntregar(dar, c.nome)} (sem custo na conta).
                </p>
              )}
            </div>
          )
        })}
      <Field
        ref={refs.referencia}
        name="referencia"
        label="N.º do documento (POS)"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={REFERENCIA_MAX}
        placeholder="FT 2026/123"
        required
        value={referencia}
        error={erros.referencia}
        onChange={(e) => setReferencia(e.target.value)}
      />
      <p
        id={resumoId}
        className={aPagar === 'saldo-errado' ? 'painel-a-pagar painel-a-pagar-erro' : 'painel-a-pagar'}
        aria-live="polite"
      >
        {descontoPremio > 0 && `Prémio: −${formatMoney(descontoPremio)}. `}A pagar:{' '}
        {aPagar === 'saldo-errado' ? (
          <strong>corrija o saldo a usar</strong>
        ) : (
          <strong>{aPagar === null ? '—' : formatMoney(aPagar)}</strong>
        )}
      </p>
      <button
        type="submit"
        className="button painel-botao painel-botao-grande"
        disabled={aRegistarPendente}
        aria-describedby={resumoId}
      >
        {aRegistar ? 'A registar…' : 'Registar'}
      </button>
    </form>
  )
}

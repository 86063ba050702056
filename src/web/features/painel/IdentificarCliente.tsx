import { useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { useForm } from 'react-hook-form'
import { formatTelemovel } from '../../../shared/format.ts'
import { ApiError } from '../../lib/api.ts'
import { Dialog } from '../../ui/Dialog.tsx'
import { Field } from '../../ui/Field.tsx'
import { PhoneField } from '../../ui/PhoneField.tsx'
import { useBusy } from '../../ui/use-busy.ts'
import { LeitorQr } from './LeitorQr.tsx'
import { type NovoCliente, useCriarCliente } from './use-criar-cliente.ts'
import { type Identificado, type PedidoIdentificacao, useIdentificar } from './use-identificar.ts'

interface Valores {
  telemovel: string
  pais: string
  codigo: string
}

const CODIGO = /^\d{4,10}$/

/** A number as people type it (digits, spaces, dashes); anything else is the text a handheld QR reader typed. */
// A phone as people write one: digits with spaces, dashes or brackets, perhaps after `+` and the country's code.
const TELEMOVEL = /^\+?[\d\s()-]+$/
/** The longest QR text the API takes. */
const QR_MAX = 200

interface IdentificarClienteProps {
  onIdentificado: (identificado: Identificado) => void
  /** A failure for the error dialog. */
  onErro: (error: unknown, afterClose?: () => void) => void
  headingRef?: React.Ref<HTMLHeadingElement>
  /** Start in the phone-or-QR field (a new customer at the counter: a handheld reader types into it). */
  focarCampo?: boolean
}

/**
 * Step 1 at the till: the customer's loyalty QR read with the camera or typed by a handheld reader, or the phone typed
 * (and, for a customer who uses one, the security code the app shows next to the QR, asked for when the server answers
 * 403). A phone with no account is offered a provisional one, and the new customer is then identified.
 */
export function IdentificarCliente({
  onIdentificado,
  onErro,
  headingRef,
  focarCampo = false,
}: IdentificarClienteProps) {
  const [camara, setCamara] = useState(false)
  const [pedeCodigo, setPedeCodigo] = useState<string | null>(null)
  const [oferta, setOferta] = useState<NovoCliente | null>(null)
  const identificar = useIdentificar()
  const criar = useCriarCliente()
  const codigoRef = useRef<HTMLInputElement | null>(null)
  const form = useForm<Valores>({ defaultValues: { telemovel: '', pais: '351', codigo: '' } })
  const { errors } = form.formState
  const running = useRef(false)
  const { busy: aIdentificar, run } = useBusy()
  // Pending at once (a double tap must do nothing), said only as the busy rule says (docs/decisions/0015).
  const ocupado = identificar.isPending || criar.isPending

  // Asked for the code: the field is where the person types next.
  useEffect(() => {
    if (pedeCodigo !== null) codigoRef.current?.focus()
  }, [pedeCodigo])

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the step opens
  useEffect(() => {
    if (focarCampo) form.setFocus('telemovel')
  }, [])

  const enviar = async (body: PedidoIdentificacao, depoisDoErro?: () => void) => {
    if (running.current) return
    running.current = true
    try {
      onIdentificado(await run(() => identificar.mutateAsync(body)))
    } catch (error) {
      const porTelemovel = !('qr' in body)
      const codigoErrado = error instanceof ApiError ? error.fields?.codigo_seguranca : undefined
      if (error instanceof ApiError && error.status === 403 && porTelemovel && codigoErrado) {
        form.setError('codigo', { message: codigoErrado }, { shouldFocus: true })
      } else if (error instanceof ApiError && error.status === 403 && porTelemovel) {
        // The customer uses a security code: ask for it.
        setPedeCodigo(error.message)
      } else if (error instanceof ApiError && error.status === 404 && porTelemovel && !body.codigo_seguranca) {
        setOferta({ telemovel: body.telemovel, pais: body.pais })
      } else {
        onErro(error, depoisDoErro)
      }
    } finally {
      running.current = false
    }
  }

  const criarConta = async (novo: NovoCliente) => {
    if (running.current) return
    running.current = true
    let criada = false
    try {
      await run(() => criar.mutateAsync(novo))
      criada = true
    } catch (error) {
      const campo = error instanceof ApiError ? error.fields?.telemovel : undefined
      // Made meanwhile (by another till, or by this one before an answer was lost): identified below all the same.
      if (error instanceof ApiError && error.status === 409) criada = true
      else if (campo) form.setError('telemovel', { message: campo }, { shouldFocus: true })
      else onErro(error, () => form.setFocus('telemovel'))
    } finally {
      running.current = false
    }
    if (criada) await enviar(novo, () => form.setFocus('telemovel'))
  }

  const onSubmit = form.handleSubmit(async (valores) => {
    const entrada = valores.telemovel.trim()
    if (!TELEMOVEL.test(entrada)) {
      await enviar({ qr: entrada }, () => form.setFocus('telemovel'))
      return
    }
    const digitos = entrada.replace(/[\s()-]/g, '')
    // '+351 912…' names the country in the number itself: the number is what follows it.
    const numero = digitos.startsWith(`+${valores.pais}`) ? digitos.slice(valores.pais.length + 1) : digitos
    const body: PedidoIdentificacao = { telemovel: numero.replace(/^\+/, ''), pais: valores.pais }
    if (pedeCodigo !== null) body.codigo_seguranca = valores.codigo
    await enviar(body, () => form.setFocus(pedeCodigo !== null ? 'codigo' : 'telemovel'))
  })

  const telemovel = form.register('telemovel', {
    validate: (v) => {
      const entrada = v.trim()
      if (entrada === '') return 'Campo de preenchimento obrigatório'
      return TELEMOVEL.test(entrada) || entrada.length <= QR_MAX || 'Código QR inválido.'
    },
    // Another number is another customer: the code asked for belongs to the one before.
    onChange: () => {
      if (pedeCodigo !== null) {
        setPedeCodigo(null)
        form.setValue('codigo', '')
      }
    },
  })
  const codigo = form.register('codigo', {
    validate: (v) =>
      pedeCodigo === null ||
      (v.trim() === '' ? 'Campo de preenchimento obrigatório' : CODIGO.test(v.trim()) || 'Código inválido.'),
  })

  return (
    <section className="painel-passo" aria-labelledby="passo-identificar">
      <h2 id="passo-identificar" ref={headingRef} tabIndex={-1}>
        Identificar o cliente
      </h2>
      <div className="painel-identificar">
        <div className="painel-cartao">
          <h3>Ler o QR do cliente</h3>
          {camara ? (
            <LeitorQr
              onRead={(qr) => {
                setCamara(false)
                void enviar({ qr })
              }}
              onStop={() => setCamara(false)}
            />
          ) : (
            <>
              <p className="muted">O cliente mostra o QR da app (Fidelização). Aponte a câmara traseira do tablet.</p>
              <button type="button" className="button painel-botao painel-botao-grande" onClick={() => setCamara(true)}>
                Ler QR com a câmara
              </button>
            </>
          )}
        </div>
        <form className="painel-cartao painel-form" noValidate onSubmit={onSubmit} aria-busy={aIdentificar}>
          <h3>Telemóvel ou leitor de QR</h3>
          <PhoneField
            label="Telemóvel ou QR do cliente"
            hint="Escreva o número, ou leia o QR da app com o leitor."
            telemovel={telemovel}
            pais={form.register('pais')}
            dial={form.watch('pais')}
            error={errors.telemovel?.message}
            autoComplete="off"
          />
          {pedeCodigo !== null && (
            <Field
              label="Código de segurança"
              type="password"
              inputMode="numeric"
              autoComplete="off"
              required
              hint={pedeCodigo}
              error={errors.codigo?.message}
              {...codigo}
              ref={(element) => {
                codigo.ref(element)
                codigoRef.current = element
              }}
            />
          )}
          <button type="submit" className="button painel-botao" disabled={ocupado}>
            {aIdentificar ? (criar.isPending ? 'A criar conta…' : 'A identificar…') : 'Identificar'}
          </button>
        </form>
      </div>
      {oferta && (
        <Dialog
          title="Cliente não encontrado"
          message={`Não há nenhuma conta com o telemóvel ${formatTelemovel(oferta.pais, oferta.telemovel)}.\nPode criar-lhe uma conta provisória: o cliente recebe por SMS o endereço da app e uma password, e ganha saldo e pontos depois de completar o registo (tem 30 dias).`}
          buttons={[
            { label: 'Cancelar', secondary: true, isDefault: true, action: () => form.setFocus('telemovel') },
            { label: 'Criar conta provisória', action: () => void criarConta(oferta) },
          ]}
          onClose={() => flushSync(() => setOferta(null))}
        />
      )}
    </section>
  )
}

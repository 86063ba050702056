import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { TelemovelSchema } from '../../../shared/validacao.ts'
import { ApiError } from '../../lib/api.ts'
import { Field } from '../../ui/Field.tsx'
import { PhoneField } from '../../ui/PhoneField.tsx'
import { useBusy } from '../../ui/use-busy.ts'
import { LeitorQr } from './LeitorQr.tsx'
import { type Identificado, type PedidoIdentificacao, useIdentificar } from './use-identificar.ts'

interface Valores {
  telemovel: string
  pais: string
  codigo: string
}

const CODIGO = /^\d{4,10}$/

interface IdentificarClienteProps {
  onIdentificado: (identificado: Identificado) => void
  /** A failure for the error dialog. */
  onErro: (error: unknown, afterClose?: () => void) => void
  headingRef?: React.Ref<HTMLHeadingElement>
}

/**
 * Step 1 at the till: the customer's loyalty QR read with the camera, or the phone typed (and, for a customer who uses
 * one, the security code the app shows next to the QR, asked for when the server answers 403).
 */
export function IdentificarCliente({ onIdentificado, onErro, headingRef }: IdentificarClienteProps) {
  const [camara, setCamara] = useState(false)
  const [pedeCodigo, setPedeCodigo] = useState<string | null>(null)
  const identificar = useIdentificar()
  const codigoRef = useRef<HTMLInputElement | null>(null)
  const form = useForm<Valores>({ defaultValues: { telemovel: '', pais: '351', codigo: '' } })
  const { errors } = form.formState
  const running = useRef(false)
  const { busy: aIdentificar, run } = useBusy()

  // Asked for the code: the field is where the person types next.
  useEffect(() => {
    if (pedeCodigo !== null) codigoRef.current?.focus()
  }, [pedeCodigo])

  const enviar = async (body: PedidoIdentificacao, depoisDoErro?: () => void) => {
    if (running.current) return
    running.current = true
    try {
      onIdentificado(await run(() => identificar.mutateAsync(body)))
    } catch (error) {
      if (error instanceof ApiError && error.status === 403 && !('qr' in body)) {
        // The customer uses a security code: ask for it.
        setPedeCodigo(error.message)
      } else {
        onErro(error, depoisDoErro)
      }
    } finally {
      running.current = false
    }
  }

  const onSubmit = form.handleSubmit(async (valores) => {
    const body: PedidoIdentificacao = { telemovel: valores.telemovel, pais: valores.pais }
    if (pedeCodigo !== null) body.codigo_seguranca = valores.codigo
    await enviar(body, () => form.setFocus(pedeCodigo !== null ? 'codigo' : 'telemovel'))
  })

  const telemovel = form.register('telemovel', {
    validate: (v) => {
      const parsed = TelemovelSchema.safeParse(v)
      return parsed.success || (parsed.error.issues[0]?.message ?? 'Valor inválido')
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
          <h3>Ou pelo telemóvel</h3>
          <PhoneField
            label="Telemóvel do cliente"
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
          <button type="submit" className="button painel-botao" disabled={aIdentificar}>
            {aIdentificar ? 'A identificar…' : 'Identificar'}
          </button>
        </form>
      </div>
    </section>
  )
}

import { useEffect, useRef, useState } from 'react'
import { Navigate } from 'react-router'
import type { Cliente, TransacaoLoja } from '../../../shared/fidelizacao.ts'
import { paths } from '../../../shared/routes.ts'
import { ApiError } from '../../lib/api.ts'
import { isSemSessao } from './api.ts'
import { ClienteResumo } from './ClienteResumo.tsx'
import { CompraConfirmada } from './CompraConfirmada.tsx'
import { CompraForm } from './CompraForm.tsx'
import { ComprasRecentes } from './ComprasRecentes.tsx'
import { FaturasEmFalta } from './FaturasEmFalta.tsx'
import { IdentificarCliente } from './IdentificarCliente.tsx'
import { PainelErro, PainelLayout } from './PainelLayout.tsx'
import { useErroDialog } from './use-erro-dialog.tsx'
import { useLoja } from './use-loja.ts'

const isProvaRecusada = (error: unknown) => error instanceof ApiError && error.status === 403

type Passo =
  | { nome: 'identificar' }
  | { nome: 'compra'; cliente: Cliente; identificacao: string }
  | { nome: 'registada'; cliente: Cliente; transacao: TransacaoLoja }

/**
 * `/painel/caixa` (STORE-API.md "Staff pages"): the counter tablet's till. Identify the customer (QR by camera, or
 * phone), register the purchase with the balance to use, see what it earned; beside it, the store's last purchases
 * with their refunds. A tablet that is not paired goes to /painel/entrar.
 */
export function CaixaPage() {
  const loja = useLoja()
  const [passo, setPasso] = useState<Passo>({ nome: 'identificar' })
  const erro = useErroDialog()
  const heading = useRef<HTMLHeadingElement>(null)
  const mudou = useRef(false)

  // Each step starts at its heading, so a screen reader (and the keyboard) follows the flow; identifying starts in its
  // field instead, where a handheld QR reader types the next customer's code.
  useEffect(() => {
    if (!mudou.current || passo.nome === 'identificar') return
    heading.current?.focus()
  }, [passo.nome])

  const ir = (novo: Passo) => {
    mudou.current = true
    setPasso(novo)
  }

  if (loja.isError && isSemSessao(loja.error)) return <Navigate to={paths.painelEntrar} replace />
  if (loja.isError) {
    return (
      <PainelLayout title="Caixa">
        <PainelErro error={loja.error} onRetry={() => void loja.refetch()} />
      </PainelLayout>
    )
  }

  return (
    <PainelLayout title="Caixa" loja={loja.data} sair className="painel-caixa">
      <h1 className="visually-hidden">Caixa</h1>
      {/* The store's missing fiscal documents, first: they need the POS, which is at hand here. */}
      <FaturasEmFalta />
      <div className="painel-fluxo">
        {passo.nome === 'identificar' && (
          <IdentificarCliente
            headingRef={heading}
            focarCampo={mudou.current}
            onIdentificado={({ cliente, identificacao }) => ir({ nome: 'compra', cliente, identificacao })}
            onErro={erro.mostrar}
          />
        )}
        {passo.nome === 'compra' && (
          <section className="painel-passo" aria-labelledby="passo-compra">
            <h2 id="passo-compra" ref={heading} tabIndex={-1} className="visually-hidden">
              Registar compra
            </h2>
            <ClienteResumo cliente={passo.cliente} onTrocar={() => ir({ nome: 'identificar' })} />
            <CompraForm
              cliente={passo.cliente}
              identificacao={passo.identificacao}
              onRegistada={(transacao) => ir({ nome: 'registada', cliente: passo.cliente, transacao })}
              onErro={(error, afterClose) =>
                // The identification's proof is spent or past its 15 minutes: the customer is identified again.
                erro.mostrar(error, isProvaRecusada(error) ? () => ir({ nome: 'identificar' }) : afterClose)
              }
            />
          </section>
        )}
        {passo.nome === 'registada' && (
          <CompraConfirmada
            headingRef={heading}
            cliente={passo.cliente}
            transacao={passo.transacao}
            onNovaCompra={() => ir({ nome: 'identificar' })}
          />
        )}
      </div>
      <ComprasRecentes onErro={erro.mostrar} />
      {erro.dialogo}
    </PainelLayout>
  )
}

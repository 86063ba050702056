import { Suspense } from 'react'
import { paths } from '../../../shared/routes.ts'
import { lazyPart } from '../../lib/lazy-part.ts'
import { usePrivateData } from '../../lib/private-data.ts'
import { useHeader } from '../../ui/header.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { Redirect } from '../../ui/Redirect.tsx'
import { useEncomendaLocal } from './carrinho.ts'
import { paraApi } from './carrinho-api.ts'
import { useConvidado } from './convidado.ts'
import { useCalculo } from './use-finalizar.ts'

/**
 * The form, with react-hook-form and the form kit, in a chunk of its own: with them the screen's first load would be
 * over its budget (docs/decisions/0010-first-load-budget.md). The screen opens on the placeholder of the cart's price,
 * which the server must answer before the form shows anyway; the form's code downloads in that time.
 */
const Checkout = lazyPart(() => import('./Checkout.tsx').then((m) => m.Checkout))
/** A visitor's door (sign in, or continue without an account): its own chunk, as the form's. */
const ConvidadoEntrada = lazyPart(() => import('./ConvidadoEntrada.tsx').then((m) => m.ConvidadoEntrada))

const A_CALCULAR = 'A calcular a encomenda…'

/**
 * Spec §2 "Checkout step 1" (`/carrinho/finalizar`): the cart priced by the server, 'Rebater Oferta' when there is
 * balance to take off, then delivery type, phone (MB WAY's), name, e-mail, NIF and the terms; the pre-contract summary
 * and 'Finalizar e pagar' (the spec's 'Finalizar' in the law's words, decision 0037) only when the terms are accepted,
 * a delivery type chosen and (nothing to pay or a phone given) (spec §5).
 */
export function FinalizarPage() {
  useHeader('Finalizar', paths.carrinho)
  const local = useEncomendaLocal()
  const privada = usePrivateData().data
  const user = privada?.user.data
  // A visitor orders as a guest (decision 0050): their phone confirmed for this order.
  const visitante = privada !== undefined && !privada.user.loggedIn
  const convidado = useConvidado(visitante)
  const guest = convidado.data?.convidado
  const guestPronto = guest != null && guest.encomenda === null
  const cart = paraApi(local.linhas)
  // The price (without the balance, as the form first shows it) is asked now, alongside the form's code rather than
  // after it: the form's own query is this one.
  useCalculo(
    {
      cart,
      id_loja: local.id_loja ?? 0,
      usar_premio: 0,
      resgatar_premio: 0,
      usar_premio_aniversario: 0,
      id_tipo_entrega: local.id_tipo_entrega,
      recipiente_proprio: 0,
    },
    JSON.stringify(cart),
    local.id_loja !== null && cart.length > 0 && (Boolean(user) || guestPronto),
  )
  // The cart is the device's: the server's render and its hydration wait for it.
  if (!local.lida) return <Loading />
  if (local.id_loja === null) return <Redirect to={paths.catalogo} />
  if (local.linhas.length === 0) return <Redirect to={paths.carrinho} />
  if (visitante) {
    if (convidado.isPending) return <Loading />
    if (!guestPronto) {
      return (
        <Suspense fallback={<Loading />}>
          <ConvidadoEntrada anterior={guest ?? null} />
        </Suspense>
      )
    }
  } else if (!user) return <Loading />
  return (
    <Suspense fallback={<Loading label={A_CALCULAR} />}>
      <Checkout
        idLoja={local.id_loja}
        linhas={local.linhas}
        tipoLocal={local.id_tipo_entrega}
        user={user ?? null}
        convidado={guestPronto ? guest : null}
      />
    </Suspense>
  )
}

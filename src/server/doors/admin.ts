import type { FastifyInstance } from 'fastify'
import { ADMIN_API_PREFIX } from '../../shared/admin.ts'
import { papeisDaRota } from '../../shared/admin-seccoes.ts'
import type { Config } from '../config.ts'
import { carimbosRoutes } from '../features/admin/carimbos-routes.ts'
import { chavesRoutes } from '../features/admin/chaves-routes.ts'
import { conteudosRoutes } from '../features/admin/conteudos-routes.ts'
import { adminMensagens, type Staff } from '../features/admin/context.ts'
import { definicoesRoutes } from '../features/admin/definicoes-routes.ts'
import { ementasRoutes } from '../features/admin/ementas-routes.ts'
import { imagensRoutes } from '../features/admin/imagens-routes.ts'
import { lojasRoutes } from '../features/admin/lojas-routes.ts'
import { notificacoesRoutes } from '../features/admin/notificacoes-routes.ts'
import { pessoasRoutes } from '../features/admin/pessoas-routes.ts'
import { promocoesRoutes } from '../features/admin/promocoes-routes.ts'
import { relatoriosRoutes } from '../features/admin/relatorios-routes.ts'
import { restaurantesRoutes } from '../features/admin/restaurantes-routes.ts'
import { ADMIN_COOKIE, adminRoutes } from '../features/admin/routes.ts'
import { textosRoutes } from '../features/admin/textos-routes.ts'
import { HttpError } from '../platform/errors.ts'
import { markDoor } from '../platform/server.ts'
import type { Services } from '../services.ts'

/**
 * The back-office door (ARCHITECTURE.md "Surfaces"): `/admin/api/*`, identified by a staff session (e-mail,
 * password, TOTP) in its own HttpOnly, SameSite=Strict cookie scoped to `/admin`, so the customer app never sends it
 * and a customer's session never opens these routes. An encapsulated context: its hooks run for its routes only.
 *
 * - Identity first (onRequest, before any body is read): every route needs a session whose sign-in is complete,
 *   except those that say otherwise (features/admin/routes.ts: `adminAcesso`); then the roles the route names
 *   (`papeis`, required of every other route: one without them is refused at start).
 * - Cross-site requests cannot act: JSON bodies only (no form or text/plain parser), a SameSite=Strict cookie, and a
 *   change whose Origin (or Sec-Fetch-Site) names another site is refused.
 * - Answers are never cached.
 */
export async function adminDoor(app: FastifyInstance, config: Config, s: Services): Promise<void> {
  await app.register(
    async (door) => {
      markDoor(door, 'admin')
      door.decorateRequest<Staff | null>('staff', null)
      // A route that neither opens itself (adminAcesso) nor names its roles is a mistake caught at start, not a route
      // open to every role; so is one of no section of the table (src/shared/admin-seccoes.ts) or one naming a role
      // its sections do not have: the table is what the menu and the README show, and a route only narrows it.
      door.addHook('onRoute', (route) => {
        const c = route.config as { adminAcesso?: string; papeis?: readonly string[] } | undefined
        if (c?.adminAcesso) return
        if (!c?.papeis?.length) throw new Error(`rota do back-office sem papéis: ${route.method} ${route.url}`)
        const daTabela: readonly string[] = papeisDaRota(route.url)
        const fora = c.papeis.filter((p) => !daTabela.includes(p))
        if (!daTabela.length || fora.length) {
          throw new Error(
            `rota do back-office fora da tabela de secções: ${route.method} ${route.url} ${fora.join(',')}`,
          )
        }
      })
      door.addHook('onRequest', async (request, reply) => {
        reply.header('cache-control', 'no-store')
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          const origin = request.headers.origin
          const site = request.headers['sec-fetch-site']
          let outraOrigem = site === 'cross-site'
          if (origin) {
            try {
              outraOrigem ||= new URL(origin).host !== request.headers.host
            } catch {
              outraOrigem = true
            }
          }
          if (outraOrigem) throw new HttpError(403, 'Pedido de outra origem recusado.', 'Pedido recusado')
        }
        const acesso = request.routeOptions.config.adminAcesso
        if (acesso === 'aberto') return
        const token = request.cookies[ADMIN_COOKIE]
        const staff = token ? await s.admin.acesso.sessao(token) : undefined
        if (!staff) throw new HttpError(401, adminMensagens.semSessao, 'Sessão terminada')
        if (staff.pendente !== null && acesso !== 'pendente') {
          throw new HttpError(401, adminMensagens.passo, 'Início de sessão incompleto')
        }
        const papeis = request.routeOptions.config.papeis
        if (
          acesso !== 'pendente' &&
          (!papeis?.includes(staff.papel) || !papeisDaRota(request.routeOptions.url ?? '').includes(staff.papel))
        ) {
          throw new HttpError(403, adminMensagens.semPermissao, 'Sem permissão')
        }
        request.staff = staff
      })
      await door.register(adminRoutes, { service: s.admin, secureCookie: config.NODE_ENV === 'production' })
      await door.register(lojasRoutes, { service: s.admin })
      await door.register(relatoriosRoutes, { service: s.admin })
      await door.register(ementasRoutes, { service: s.admin })
      await door.register(textosRoutes, { service: s.admin })
      await door.register(chavesRoutes, { service: s.admin })
      await door.register(pessoasRoutes, { service: s.admin })
      await door.register(definicoesRoutes, { service: s.admin })
      await door.register(notificacoesRoutes, { service: s.admin })
      await door.register(imagensRoutes, { service: s.admin })
      await door.register(conteudosRoutes, { service: s.admin })
      await door.register(promocoesRoutes, { service: s.admin })
      await door.register(carimbosRoutes, { service: s.admin })
      await door.register(restaurantesRoutes, { service: s.admin })
    },
    { prefix: ADMIN_API_PREFIX },
  )
}

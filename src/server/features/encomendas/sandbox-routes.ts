import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { API_VERSION } from '../../../shared/api.ts'
import { formatMoney } from '../../../shared/format.ts'
import { METODOS_PAGAMENTO, NOME_METODO } from '../../../shared/metodos-pagamento.ts'
import { pagarAte } from '../../../shared/prazo-pagamento.ts'
import { texto } from '../../../shared/validacao.ts'
import { notFound } from '../../platform/errors.ts'
import { escapeHtml } from '../../platform/html.ts'
import { dataResponse } from '../../platform/http.ts'
import type { PagamentoSandbox, SandboxProvider } from '../../platform/pagamentos-sandbox.ts'
import type { EncomendasService } from './service.ts'

/** A sandbox request as the development "phone", "ATM" and "provider's page" list it (STORE-API.md "Payments"). */
const PagamentoDevSchema = z.object({
  id: z.string(),
  metodo: z.enum(METODOS_PAGAMENTO),
  telemovel: z.string(),
  valor: z.number().int(),
  estado: z.enum(['pendente', 'pago', 'recusado', 'expirado']),
  entidade: z.string().nullable(),
  referencia: z.string().nullable(),
})

const paraDev = (p: PagamentoSandbox) => ({
  id: p.id,
  metodo: p.metodo,
  telemovel: p.telemovel,
  valor: p.valor,
  estado: p.estado,
  entidade: p.entidade,
  referencia: p.mbReferencia,
})

const NAO_PENDENTE = 'Pedido de pagamento desconhecido, já respondido ou expirado.'

/** The sandbox's page for a card, Apple Pay or Google Pay request: what the provider's page asks, in its place. */
function pagina(p: PagamentoSandbox): string {
  const acao = (resposta: string) =>
    `/api/dev/pagamentos/${encodeURIComponent(p.id)}/pagina/${resposta}?v=${encodeURIComponent(API_VERSION)}`
  const botao = (resposta: string, rotulo: string) =>
    `<form method="post" action="${escapeHtml(acao(resposta))}"><button type="submit">${rotulo}</button></form>`
  const pendente = p.estado === 'pendente'
  return `<!doctype html>
<html lang="pt-PT"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox: ${escapeHtml(NOME_METODO[p.metodo])}</title></head>
<body><main>
<h1>Pagamento de teste: ${escapeHtml(NOME_METODO[p.metodo])}</h1>
<p>Esta página faz de página do fornecedor de pagamentos fora de produção. Nada é cobrado.</p>
<dl><dt>Referência</dt><dd>${escapeHtml(p.referencia)}</dd><dt>Valor</dt><dd>${escapeHtml(formatMoney(p.valor))}</dd>
<dt>Válido até</dt><dd>${escapeHtml(pagarAte(p.expiraEm))}</dd></dl>
${
  pendente
    ? `${botao('aprovar', 'Pagar')}${botao('recusar', 'Recusar')}${botao('cancelar', 'Cancelar e voltar')}`
    : `<p>${escapeHtml(NAO_PENDENTE)}</p>`
}
</main></body></html>`
}

/**
 * The sandbox's side of each method, outside production when the sandbox is the provider: the list of its requests,
 * the phone's or the ATM's answer (`/api/dev/pagamentos/{id}/aprovar|recusar`), and the provider's page of a card,
 * Apple Pay or Google Pay request, which sends the customer back to the app as the real one does.
 */
export function sandboxRoutes(sandbox: SandboxProvider, encomendas: EncomendasService): FastifyPluginAsyncZod {
  return async (app) => {
    // The page's buttons are forms with nothing in them: their body is read as nothing.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
      done(null, null),
    )
    /** The answer, through the same handling a provider's callback takes. */
    async function responder(id: string, resposta: 'pago' | 'recusado') {
      const p = await sandbox.responder(id, resposta)
      if (!p) return null
      // As the real service: a callback for a payment (through the same handling, which asks the status again);
      // a refusal is heard by asking the status, as the reconciliation would.
      if (p.estado === 'pago') await encomendas.receberCallback('sandbox', sandbox.callbackDe(p))
      else await encomendas.verificarPorPagamento(p.id)
      return p
    }

    app.get('/api/dev/pagamentos', { schema: { response: dataResponse(z.array(PagamentoDevSchema)) } }, async () => ({
      data: (await sandbox.listar()).map(paraDev),
    }))

    app.post(
      '/api/dev/pagamentos/:id/:resposta',
      {
        schema: {
          params: z.object({ id: texto(100), resposta: z.enum(['aprovar', 'recusar']) }),
          response: dataResponse(PagamentoDevSchema),
        },
      },
      async (request) => {
        const p = await responder(request.params.id, request.params.resposta === 'aprovar' ? 'pago' : 'recusado')
        if (!p) throw notFound(NAO_PENDENTE)
        return { data: paraDev(p) }
      },
    )

    // The provider's page: opened by the browser itself (no version header: `?v=` in its address).
    app.get(
      '/api/dev/pagamentos/:id/pagina',
      {
        config: { navegacao: true },
        schema: { params: z.object({ id: texto(100) }), response: { 200: z.string() } },
      },
      async (request, reply) => {
        const p = await sandbox.ler(request.params.id)
        if (!p?.regresso) throw notFound(NAO_PENDENTE)
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(pagina(p))
      },
    )

    app.post(
      '/api/dev/pagamentos/:id/pagina/:resposta',
      {
        config: { navegacao: true },
        schema: {
          params: z.object({ id: texto(100), resposta: z.enum(['aprovar', 'recusar', 'cancelar']) }),
          response: { 303: z.null() },
        },
      },
      async (request, reply) => {
        const { id, resposta } = request.params
        const antes = await sandbox.ler(id)
        if (!antes?.regresso) throw notFound(NAO_PENDENTE)
        // Cancelled on the page: nothing answered, the request still pending until it expires, as the real page.
        const p = resposta === 'cancelar' ? antes : await responder(id, resposta === 'aprovar' ? 'pago' : 'recusado')
        const destino =
          resposta === 'cancelar'
            ? antes.regresso.cancelado
            : p?.estado === 'pago'
              ? antes.regresso.sucesso
              : antes.regresso.erro
        // The page is on the app's own host, wherever it is reached from: back to the same host (and the page's
        // `form-action 'self'` allows no other).
        const { pathname, search } = new URL(destino, 'http://app.invalid')
        return reply.redirect(pathname.startsWith('//') ? '/' : `${pathname}${search}`, 303)
      },
    )
  }
}

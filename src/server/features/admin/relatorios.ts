import type {
  LinhaDia,
  LinhaLoja,
  LinhaPromocao,
  Relatorio,
  RelatorioQuery,
  TabelaRelatorio,
} from '../../../shared/admin-relatorios.ts'
import { ESTADO, ESTADO_NA_LOJA, type Estado } from '../../../shared/estado-pedido.ts'
import { formatDia } from '../../../shared/format.ts'
import { HttpError, notFound } from '../../platform/errors.ts'
import { csv, diaDaHora, diaSeguinte, diasEntre, inicioDoDia } from '../../platform/relatorios.ts'
import type { ContaService } from '../conta/service.ts'
import type { EncomendasService } from '../encomendas/service.ts'
import type { FidelizacaoService } from '../fidelizacao/service.ts'
import type { LojaGestao } from '../restaurantes/service.ts'
import { type AdminDeps, adminMensagens, type Staff } from './context.ts'
import { alcanceDe } from './lojas.ts'

/** The features whose figures the reports read, each through its own service. */
export interface FontesRelatorio {
  encomendas: EncomendasService['relatorio']
  fidelizacao: FidelizacaoService['relatorio']
  conta: ContaService['relatorio']
}

export const relatoriosMensagensServidor = {
  lojaNaoExiste: 'Esta loja não existe.',
  lojaDeOutro: 'Esta loja não pertence ao restaurante escolhido.',
} as const

const ticket = (vendas: number, pagas: number) => (pagas === 0 ? 0 : Math.round(vendas / pagas))
const euros = (cents: number) => Math.round(cents) / 100

type PromocaoNoRelatorio = Awaited<ReturnType<FontesRelatorio['fidelizacao']['promocoes']>>[number]

/**
 * Each promotion once, its figures summed over the time zones' windows and the names it was recorded under, named as
 * the newest of its purchases still counted recorded it; one left with none (all refunded whole) is not listed. By name.
 */
function promocoesDe(linhas: PromocaoNoRelatorio[]): LinhaPromocao[] {
  const porId = new Map<number, LinhaPromocao & { ultima: number }>()
  for (const l of linhas) {
    const p = porId.get(l.promocao_id) ?? {
      id: l.promocao_id,
      nome: l.nome,
      compras: 0,
      pontos: 0,
      credito: 0,
      ultima: 0,
    }
    porId.set(l.promocao_id, {
      ...p,
      nome: l.ultima_compra > p.ultima ? l.nome : p.nome,
      ultima: Math.max(p.ultima, l.ultima_compra),
      compras: p.compras + l.compras,
      pontos: p.pontos + l.pontos,
      credito: p.credito + l.credito,
    })
  }
  return [...porId.values()]
    .filter((p) => p.compras > 0)
    .map(({ ultima: _, ...p }) => p)
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt') || a.id - b.id)
}

/**
 * The reports: a period of days (each store's own: Lisbon's, or the Azores') for the stores a staff member may see (an admin all, a gestor those
 * of their restaurants), narrowed to a restaurant or a store; asking for one outside their reach is refused, not
 * answered empty. Each figure comes from the feature that owns it; the tables are folded here.
 */
export function createAdminRelatorios({ lojas }: Pick<AdminDeps, 'lojas'>, fontes: FontesRelatorio) {
  async function lojasDo(staff: Staff, q: RelatorioQuery) {
    const visiveis = await lojas.lojasGestao(alcanceDe(staff))
    const proibido = () => new HttpError(403, adminMensagens.semPermissao, 'Sem permissão')
    let escolhidas = visiveis
    if (q.restaurante !== undefined) {
      const id = Number(q.restaurante)
      // A gestor's own restaurant with no store yet is an empty report; another's is refused.
      if (staff.papel === 'gestor' && !staff.restaurantes.includes(id)) throw proibido()
      escolhidas = escolhidas.filter((l) => l.restaurante_id === id)
    }
    if (q.loja !== undefined) {
      const id = Number(q.loja)
      if (!visiveis.some((l) => l.id_loja === id)) {
        throw staff.papel === 'admin' ? notFound(relatoriosMensagensServidor.lojaNaoExiste) : proibido()
      }
      escolhidas = escolhidas.filter((l) => l.id_loja === id)
      if (escolhidas.length === 0) {
        throw new HttpError(400, relatoriosMensagensServidor.lojaDeOutro, 'Filtro inválido', {
          loja: relatoriosMensagensServidor.lojaDeOutro,
        })
      }
    }
    return { escolhidas, visiveis }
  }

  const opcoesDe = (visiveis: LojaGestao[]): Relatorio['opcoes'] => ({
    restaurantes: [...new Map(visiveis.map((l) => [l.restaurante_id, l.restaurante])).entries()]
      .map(([id, nome]) => ({ id, nome }))
      .sort((a, b) => a.nome.localeCompare(b.nome, 'pt')),
    lojas: visiveis.map((l) => ({ id_loja: l.id_loja, nome: l.nome, restaurante_id: l.restaurante_id })),
  })

  /**
   * The figures of the period for the chosen stores, each store's over its own days (decision 0036): the stores are
   * asked in one window per time zone (Lisbon's; the Azores', an hour later), and the answers put together. A customer
   * active at stores of both zones counts once in each.
   */
  async function figuras(escolhidas: LojaGestao[], q: RelatorioQuery) {
    const fusos = [...new Set(escolhidas.map((l) => l.fuso))]
    const grupos = await Promise.all(
      fusos.map(async (fuso) => {
        const janela = {
          desde: inicioDoDia(q.de, fuso).toISOString(),
          ate: inicioDoDia(diaSeguinte(q.ate), fuso).toISOString(),
          idsLoja: escolhidas.filter((l) => l.fuso === fuso).map((l) => l.id_loja),
        }
        const [vendas, vendasHora, estados, fidelizacao, fidelizacaoHora, opinioes, promocoes] = await Promise.all([
          fontes.encomendas.porLoja(janela),
          fontes.encomendas.porHora(janela),
          fontes.encomendas.porEstado(janela),
          fontes.fidelizacao.porLoja(janela),
          fontes.fidelizacao.porHora(janela),
          fontes.fidelizacao.opinioes(janela),
          fontes.fidelizacao.promocoes(janela),
        ])
        const dia = <H extends { hora: string }>(h: H) => ({ ...h, dia: diaDaHora(h.hora, fuso) })
        return {
          vendas,
          vendasHora: vendasHora.map(dia),
          estados,
          fidelizacao,
          fidelizacaoHora: fidelizacaoHora.map(dia),
          opinioes,
          promocoes,
        }
      }),
    )
    const estados = new Map<number, number>()
    for (const e of grupos.flatMap((g) => g.estados)) estados.set(e.estado, (estados.get(e.estado) ?? 0) + e.encomendas)
    return {
      vendas: grupos.flatMap((g) => g.vendas),
      vendasHora: grupos.flatMap((g) => g.vendasHora),
      estados: [...estados].map(([estado, encomendas]) => ({ estado, encomendas })),
      fidelizacao: {
        lojas: grupos.flatMap((g) => g.fidelizacao.lojas),
        clientesAtivos: grupos.reduce((t, g) => t + g.fidelizacao.clientesAtivos, 0),
      },
      fidelizacaoHora: grupos.flatMap((g) => g.fidelizacaoHora),
      opinioes: grupos.flatMap((g) => g.opinioes),
      promocoes: promocoesDe(grupos.flatMap((g) => g.promocoes)),
    }
  }

  async function gerar(staff: Staff, q: RelatorioQuery): Promise<Relatorio> {
    const { escolhidas, visiveis } = await lojasDo(staff, q)
    const [{ vendas, vendasHora, estados, fidelizacao, fidelizacaoHora, opinioes, promocoes }, novosRegistos] =
      await Promise.all([
        figuras(escolhidas, q),
        // The group's sign-ups, over Lisbon's days: an admin's report of every store only (decision 0019).
        staff.papel === 'admin' && q.restaurante === undefined && q.loja === undefined
          ? fontes.conta.novosRegistos(inicioDoDia(q.de).toISOString(), inicioDoDia(diaSeguinte(q.ate)).toISOString())
          : null,
      ])

    const linhas: LinhaLoja[] = escolhidas.map((l) => {
      const v = vendas.find((x) => x.id_loja === l.id_loja)
      const f = fidelizacao.lojas.find((x) => x.id_loja === l.id_loja)
      const o = opinioes.find((x) => x.id_loja === l.id_loja)
      return {
        id_loja: l.id_loja,
        loja: l.nome,
        restaurante: l.restaurante,
        encomendas_pagas: v?.encomendas_pagas ?? 0,
        vendas: v?.vendas ?? 0,
        ticket_medio: ticket(v?.vendas ?? 0, v?.encomendas_pagas ?? 0),
        credito_emitido: f?.credito_emitido ?? 0,
        credito_usado: f?.credito_usado ?? 0,
        pontos_ganhos: f?.pontos_ganhos ?? 0,
        clientes_ativos: f?.clientes_ativos ?? 0,
        premios_usados: f?.premios_usados ?? 0,
        desconto_premios: f?.desconto_premios ?? 0,
        opinioes: o?.opinioes ?? 0,
        media_atendimento: o?.rating1 ?? null,
        media_simpatia: o?.rating2 ?? null,
        media_qualidade: o?.rating3 ?? null,
      }
    })

    const dias = new Map<string, LinhaDia>(
      diasEntre(q.de, q.ate).map((dia) => [
        dia,
        { dia, encomendas_pagas: 0, vendas: 0, credito_emitido: 0, credito_usado: 0 },
      ]),
    )
    for (const h of vendasHora) {
      const d = dias.get(h.dia)
      if (d) {
        d.encomendas_pagas += h.encomendas_pagas
        d.vendas += h.vendas
      }
    }
    for (const h of fidelizacaoHora) {
      const d = dias.get(h.dia)
      if (d) {
        d.credito_emitido += h.credito_emitido
        d.credito_usado += h.credito_usado
      }
    }

    const soma = (k: keyof LinhaLoja) => linhas.reduce((t, l) => t + Number(l[k] ?? 0), 0)
    const pagas = soma('encomendas_pagas')
    return {
      de: q.de,
      ate: q.ate,
      totais: {
        encomendas_pagas: pagas,
        vendas: soma('vendas'),
        ticket_medio: ticket(soma('vendas'), pagas),
        credito_emitido: soma('credito_emitido'),
        credito_usado: soma('credito_usado'),
        pontos_ganhos: soma('pontos_ganhos'),
        clientes_ativos: fidelizacao.clientesAtivos,
        novos_registos: novosRegistos,
        opinioes: soma('opinioes'),
        premios_usados: soma('premios_usados'),
        desconto_premios: soma('desconto_premios'),
      },
      lojas: linhas,
      dias: [...dias.values()],
      estados: (Object.values(ESTADO) as Estado[]).map((estado) => ({
        estado,
        nome: ESTADO_NA_LOJA[estado],
        encomendas: estados.find((e) => e.estado === estado)?.encomendas ?? 0,
      })),
      promocoes,
      opcoes: opcoesDe(visiveis),
    }
  }

  return {
    gerar,

    /** One of the report's tables as CSV (amounts in euros, averages with two decimals), and its file name. */
    async csv(staff: Staff, q: RelatorioQuery, tabela: TabelaRelatorio): Promise<{ nome: string; corpo: string }> {
      const r = await gerar(staff, q)
      const nome = `balcao-${tabela}-${q.de}-a-${q.ate}.csv`
      if (tabela === 'lojas') {
        return {
          nome,
          corpo: csv(
            [
              'Loja',
              'Restaurante',
              'Encomendas pagas',
              'Vendas (€)',
              'Ticket médio (€)',
              'Crédito emitido (€)',
              'Crédito usado (€)',
              'Pontos ganhos',
              'Clientes ativos',
              'Opiniões',
              'Atendimento',
              'Simpatia',
              'Qualidade',
              'Prémios usados',
              'Desconto dos prémios (€)',
            ],
            r.lojas.map((l) => [
              l.loja,
              l.restaurante,
              l.encomendas_pagas,
              euros(l.vendas),
              euros(l.ticket_medio),
              euros(l.credito_emitido),
              euros(l.credito_usado),
              l.pontos_ganhos,
              l.clientes_ativos,
              l.opinioes,
              l.media_atendimento,
              l.media_simpatia,
              l.media_qualidade,
              l.premios_usados,
              euros(l.desconto_premios),
            ]),
          ),
        }
      }
      if (tabela === 'dias') {
        return {
          nome,
          corpo: csv(
            ['Dia', 'Encomendas pagas', 'Vendas (€)', 'Crédito emitido (€)', 'Crédito usado (€)'],
            r.dias.map((d) => [
              formatDia(d.dia),
              d.encomendas_pagas,
              euros(d.vendas),
              euros(d.credito_emitido),
              euros(d.credito_usado),
            ]),
          ),
        }
      }
      if (tabela === 'promocoes') {
        return {
          nome,
          corpo: csv(
            ['Promoção', 'Compras', 'Pontos extra', 'Saldo extra (€)'],
            r.promocoes.map((p) => [p.nome, p.compras, p.pontos, euros(p.credito)]),
          ),
        }
      }
      return {
        nome,
        corpo: csv(
          ['Estado', 'Encomendas'],
          r.estados.map((e) => [e.nome, e.encomendas]),
        ),
      }
    },
  }
}

export type AdminRelatorios = ReturnType<typeof createAdminRelatorios>

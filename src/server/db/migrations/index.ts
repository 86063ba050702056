import type { Migration } from 'kysely'
import * as conteudos from './2026-11-22T0500-conteudos.ts'
import * as contas from './2026-11-22T0600-contas.ts'
import * as acessos from './2026-11-23T0700-acessos.ts'
import * as fidelizacao from './2026-11-23T0800-fidelizacao.ts'
import * as imagensVariantes from './2026-11-23T0900-imagens-variantes.ts'
import * as ementas from './2026-11-23T1000-ementas.ts'
import * as encomendas from './2026-11-24T0000-encomendas.ts'
import * as notificacoes from './2026-11-24T1200-notificacoes.ts'
import * as push from './2026-11-24T1300-push.ts'
import * as encomendasVerificacao from './2026-11-25T0100-encomendas-verificacao.ts'
import * as encomendasPedidoIncerto from './2026-11-25T0200-encomendas-pedido-incerto.ts'
import * as identificacoes from './2026-11-25T0310-identificacoes.ts'
import * as codigoSegurancaCifrado from './2026-11-25T0400-codigo-seguranca-cifrado.ts'
import * as pushDifusoes from './2026-11-26T0000-push-difusoes.ts'
import * as campanhasFim from './2026-11-26T0100-campanhas-fim.ts'
import * as email from './2026-11-26T0200-email.ts'
import * as rgpd from './2026-11-27T0000-rgpd.ts'
import * as admin from './2026-11-28T0000-admin.ts'
import * as novidadesPublicacao from './2026-11-29T0000-novidades-publicacao.ts'
import * as lojasPausa from './2026-11-29T0100-lojas-pausa.ts'
import * as campanhasPublicacao from './2026-11-30T0100-campanhas-publicacao.ts'
import * as textosChaves from './2026-11-30T0200-textos-chaves.ts'
import * as esgotadosEncerramentos from './2026-11-30T0300-esgotados-encerramentos.ts'
import * as pessoas from './2026-11-30T0400-pessoas.ts'
import * as regrasFidelizacao from './2026-11-30T0500-regras-fidelizacao.ts'
import * as notificacoesCampanhas from './2026-11-30T0530-notificacoes-campanhas.ts'
import * as relatoriosIndices from './2026-11-30T0600-relatorios-indices.ts'
import * as notificacoesDestinatario from './2026-11-30T0700-notificacoes-destinatario.ts'
import * as encomendasMinutos from './2026-12-01T0100-encomendas-minutos.ts'
import * as ementasReimportar from './2026-12-01T0200-ementas-reimportar.ts'
import * as encomendasLevantarMesa from './2026-12-01T0300-encomendas-levantar-mesa.ts'
import * as lojasTabelasPreco from './2026-12-02T0000-lojas-tabelas-preco.ts'
import * as comunicacaoUnica from './2026-12-03T0300-comunicacao-unica.ts'
import * as staffAlcance from './2026-12-03T0400-staff-alcance.ts'
import * as nifTermos from './2026-12-03T0500-nif-termos.ts'
import * as sessoesFimMotivo from './2026-12-03T0700-sessoes-fim-motivo.ts'
import * as lojasVendedorRegiao from './2026-12-04T0000-lojas-vendedor-regiao.ts'
import * as ementasProdutosMarcas from './2026-12-04T0200-ementas-produtos-marcas.ts'
import * as documentosFiscais from './2026-12-04T0300-documentos-fiscais.ts'
import * as informacaoConsumidor from './2026-12-04T0400-informacao-consumidor.ts'
import * as informacaoConsumidorAderiu from './2026-12-04T0410-informacao-consumidor-aderiu.ts'
import * as encomendasEntregues from './2026-12-05T0000-encomendas-entregues.ts'
import * as lojasCozinha from './2026-12-06T0000-lojas-cozinha.ts'
import * as encomendasCarrinho from './2026-12-06T0100-encomendas-carrinho.ts'
import * as lojasLevantamento from './2026-12-06T0200-lojas-levantamento.ts'
import * as impressoes from './2026-12-07T0000-impressoes.ts'
import * as lojasMesas from './2026-12-07T0100-lojas-mesas.ts'
import * as carteira from './2026-12-08T0000-carteira.ts'
import * as pagamentoMetodos from './2026-12-09T0000-pagamento-metodos.ts'
import * as convidados from './2026-12-10T0000-convidados.ts'
import * as premios from './2026-12-11T0000-premios.ts'
import * as promocoes from './2026-12-12T0000-promocoes.ts'
import * as aniversarios from './2026-12-13T0000-aniversarios.ts'
import * as smsDesafiosCriados from './2026-12-14T0000-sms-desafios-criados.ts'
import * as eventos from './2026-12-15T0000-eventos.ts'
import * as carimbos from './2026-12-16T0000-carimbos.ts'
import * as expiracao from './2026-12-17T0000-expiracao.ts'

/**
 * Every migration, by its timestamped name. Listed here rather than read from disk so that the same code runs under
 * tsx, in tests and from any working directory. Names sort in the order they must run.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22T0500-conteudos': conteudos,
  '2026-11-22T0600-contas': contas,
  '2026-11-23T0700-acessos': acessos,
  '2026-11-23T0800-fidelizacao': fidelizacao,
  '2026-11-23T0900-imagens-variantes': imagensVariantes,
  '2026-11-23T1000-ementas': ementas,
  '2026-11-24T0000-encomendas': encomendas,
  '2026-11-24T1200-notificacoes': notificacoes,
  '2026-11-24T1300-push': push,
  '2026-11-25T0100-encomendas-verificacao': encomendasVerificacao,
  '2026-11-25T0200-encomendas-pedido-incerto': encomendasPedidoIncerto,
  '2026-11-25T0310-identificacoes': identificacoes,
  '2026-11-25T0400-codigo-seguranca-cifrado': codigoSegurancaCifrado,
  '2026-11-26T0000-push-difusoes': pushDifusoes,
  '2026-11-26T0100-campanhas-fim': campanhasFim,
  '2026-11-26T0200-email': email,
  '2026-11-27T0000-rgpd': rgpd,
  '2026-11-28T0000-admin': admin,
  '2026-11-29T0000-novidades-publicacao': novidadesPublicacao,
  '2026-11-29T0100-lojas-pausa': lojasPausa,
  '2026-11-30T0100-campanhas-publicacao': campanhasPublicacao,
  '2026-11-30T0200-textos-chaves': textosChaves,
  '2026-11-30T0300-esgotados-encerramentos': esgotadosEncerramentos,
  '2026-11-30T0400-pessoas': pessoas,
  '2026-11-30T0500-regras-fidelizacao': regrasFidelizacao,
  '2026-11-30T0530-notificacoes-campanhas': notificacoesCampanhas,
  '2026-11-30T0600-relatorios-indices': relatoriosIndices,
  '2026-11-30T0700-notificacoes-destinatario': notificacoesDestinatario,
  '2026-12-01T0100-encomendas-minutos': encomendasMinutos,
  '2026-12-01T0200-ementas-reimportar': ementasReimportar,
  '2026-12-01T0300-encomendas-levantar-mesa': encomendasLevantarMesa,
  '2026-12-02T0000-lojas-tabelas-preco': lojasTabelasPreco,
  '2026-12-03T0300-comunicacao-unica': comunicacaoUnica,
  '2026-12-03T0400-staff-alcance': staffAlcance,
  '2026-12-03T0500-nif-termos': nifTermos,
  '2026-12-03T0700-sessoes-fim-motivo': sessoesFimMotivo,
  '2026-12-04T0000-lojas-vendedor-regiao': lojasVendedorRegiao,
  '2026-12-04T0200-ementas-produtos-marcas': ementasProdutosMarcas,
  '2026-12-04T0300-documentos-fiscais': documentosFiscais,
  '2026-12-04T0400-informacao-consumidor': informacaoConsumidor,
  '2026-12-04T0410-informacao-consumidor-aderiu': informacaoConsumidorAderiu,
  '2026-12-05T0000-encomendas-entregues': encomendasEntregues,
  '2026-12-06T0000-lojas-cozinha': lojasCozinha,
  '2026-12-06T0100-encomendas-carrinho': encomendasCarrinho,
  '2026-12-06T0200-lojas-levantamento': lojasLevantamento,
  '2026-12-07T0000-impressoes': impressoes,
  '2026-12-07T0100-lojas-mesas': lojasMesas,
  '2026-12-08T0000-carteira': carteira,
  '2026-12-09T0000-pagamento-metodos': pagamentoMetodos,
  '2026-12-10T0000-convidados': convidados,
  '2026-12-11T0000-premios': premios,
  '2026-12-12T0000-promocoes': promocoes,
  '2026-12-13T0000-aniversarios': aniversarios,
  '2026-12-14T0000-sms-desafios-criados': smsDesafiosCriados,
  '2026-12-15T0000-eventos': eventos,
  '2026-12-16T0000-carimbos': carimbos,
  '2026-12-17T0000-expiracao': expiracao,
}

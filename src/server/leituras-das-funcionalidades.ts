import type { Leitura, Metricas } from './platform/metrics.ts'

/** What each feature reads for /metrics (docs/operations.md, "Metrics"), read at scrape time. */
export interface FontesDeLeituras {
  notificacoes: { metricas: { pushPendentes: Leitura; pushIdadeSegundos: Leitura } }
  conta: { smsAlarmePorPais: Leitura }
  carteira: { pendentes: Leitura }
  encomendas: {
    metricas: { pagamentosPorEstado: Leitura; reembolsosPorEstado: Leitura; reconciliacaoAtrasoSegundos: Leitura }
  }
  faturas: { emFaltaPorLoja: Leitura }
}

/** The features' gauges, beside the platform's own (`leiturasDaPlataforma`). */
export function leiturasDasFuncionalidades(metricas: Metricas, f: FontesDeLeituras): void {
  const n = f.notificacoes.metricas
  metricas.leitura('push_envios_pendentes', 'Web Push sends waiting (new or to retry).', n.pushPendentes)
  metricas.leitura(
    'push_envios_idade_segundos',
    'Age of the oldest Web Push send waiting (0: none).',
    n.pushIdadeSegundos,
  )
  metricas.leitura(
    'sms_alarme',
    'Allowed countries whose SMS codes, in the last hour, are requested far more than confirmed (1: limits tightened).',
    f.conta.smsAlarmePorPais,
    'pais',
  )
  metricas.leitura('carteira_envios_pendentes', 'Wallet pass updates waiting (new or to retry).', f.carteira.pendentes)
  const e = f.encomendas.metricas
  metricas.leitura('pagamentos', 'Orders whose payment is not settled yet, by state.', e.pagamentosPorEstado, 'estado')
  metricas.leitura(
    'reembolsos',
    'Refunds owed (a-reembolsar), sent and not confirmed (reembolsando), or left to an operator (manual: the provider cannot refund the method).',
    e.reembolsosPorEstado,
    'estado',
  )
  metricas.leitura(
    'documentos_fiscais_em_falta',
    'Sales paid, refunded or cancelled whose fiscal document the POS has not sent past the alarm, by store.',
    f.faturas.emFaltaPorLoja,
    'loja',
  )
  metricas.leitura(
    'reconciliacao_atraso_segundos',
    'How long the oldest due payment check has waited for the reconciliation (0: none due).',
    e.reconciliacaoAtrasoSegundos,
  )
}

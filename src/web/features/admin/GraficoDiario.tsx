import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { LinhaDia } from '../../../shared/admin-relatorios.ts'
import { formatMoney } from '../../../shared/format.ts'

/**
 * A report's days as a small chart (uPlot: some 50 kB, in this chunk only, loaded with the reports page): sales and
 * credit issued per day. The numbers are in the table beside it; the chart is an image of them with a summary for
 * screen readers.
 */
export function GraficoDiario({ dias, legenda }: { dias: LinhaDia[]; legenda: string }) {
  const caixa = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const el = caixa.current
    if (!el) return
    const x = dias.map((d) => Date.parse(`${d.dia}T12:00:00Z`) / 1000)
    const euros = (cents: number[]) => cents.map((c) => c / 100)
    // The content box's width (its padding is the chart's margin, not room to draw in).
    const largura = (w = el.getBoundingClientRect().width - 16) => Math.max(280, Math.floor(w))
    const plot = new uPlot(
      {
        width: largura(),
        height: 240,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Europe/Lisbon'),
        // The series are named below, outside the image: uPlot's own legend toggles series on a click a keyboard cannot give.
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true } },
        axes: [
          {
            // Whole days only: a tick per day, two, a week… as the width allows.
            incrs: [86_400, 2 * 86_400, 7 * 86_400, 14 * 86_400, 28 * 86_400],
            values: (_u, splits) =>
              splits.map((s) =>
                new Date(s * 1000).toLocaleDateString('pt-PT', {
                  day: '2-digit',
                  month: '2-digit',
                  timeZone: 'Europe/Lisbon',
                }),
              ),
          },
          { values: (_u, splits) => splits.map((s) => `${s.toLocaleString('pt-PT')} €`), size: 70 },
        ],
        series: [
          {
            label: 'Dia',
            value: (_u, v) =>
              v === null ? '—' : new Date(v * 1000).toLocaleDateString('pt-PT', { timeZone: 'Europe/Lisbon' }),
          },
          {
            label: 'Vendas',
            stroke: '#6e2a17',
            fill: 'rgba(110, 42, 23, 0.12)',
            width: 2,
            value: (_u, v) => (v === null ? '—' : formatMoney(Math.round(v * 100))),
          },
          {
            label: 'Crédito emitido',
            stroke: '#2f6f4e',
            width: 2,
            dash: [6, 4],
            value: (_u, v) => (v === null ? '—' : formatMoney(Math.round(v * 100))),
          },
        ],
      },
      [x, euros(dias.map((d) => d.vendas)), euros(dias.map((d) => d.credito_emitido))],
      el,
    )
    const observer = new ResizeObserver(([entrada]) =>
      plot.setSize({ width: largura(entrada?.contentRect.width), height: 240 }),
    )
    observer.observe(el)
    return () => {
      observer.disconnect()
      plot.destroy()
    }
  }, [dias])

  return (
    <figure className="admin-grafico">
      <div ref={caixa} role="img" aria-label={legenda} />
      <figcaption className="admin-grafico-legenda">
        <span className="admin-serie admin-serie-vendas">Vendas</span>
        <span className="admin-serie admin-serie-credito">Crédito emitido</span>
      </figcaption>
    </figure>
  )
}

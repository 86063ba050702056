import { describe, expect, it } from 'vitest'
import { runStep } from './bootstrap.mjs'

describe('npm start bootstrap steps', () => {
  it('announce themselves, say every few seconds how long they have been running, and how long they took', async () => {
    const lines = []
    await runStep('A instalar dependências', process.execPath, ['-e', 'setTimeout(() => {}, 700)'], {
      heartbeatMs: 200,
      log: (line) => lines.push(line),
    })
    expect(lines[0]).toBe('▶ A instalar dependências…')
    const beats = lines.filter((l) => l.startsWith('  … a instalar dependências ('))
    expect(beats.length).toBeGreaterThanOrEqual(2)
    expect(beats[0]).toMatch(/\(\d+ s\)$/)
    expect(lines.at(-1)).toMatch(/^✔ A instalar dependências: feito em \d+ s$/)
  })

  it('fail with the step, the exit code and the time', async () => {
    const lines = []
    await expect(
      runStep('A construir a aplicação web', process.execPath, ['-e', 'process.exit(3)'], {
        log: (line) => lines.push(line),
      }),
    ).rejects.toThrow(/A construir a aplicação web falhou \(código 3\) ao fim de \d+ s/)
  })
})

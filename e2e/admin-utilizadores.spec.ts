import { randomUUID } from 'node:crypto'
import { adminNaConsola } from './admin-support.ts'
import { DESKTOP, expect, expectAccessible, test } from './support.ts'

/**
 * Staff, fixable (docs/decisions/0032-staff-alcance.md): an admin invites a store's account, changes it to a gestor of
 * a restaurant, disables and reactivates it from /admin/utilizadores, and the audit log has each change with its
 * before and after.
 */

test.use({ ...DESKTOP })

test("an admin edits a staff member's role and reach, disables and reactivates them", async ({ page }) => {
  test.setTimeout(60_000)
  await adminNaConsola(page, 'equipa')
  const email = `loja-${randomUUID().slice(0, 8)}@exemplo.pt`

  await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Utilizadores' }).click()
  await expect(page.getByRole('heading', { name: 'Utilizadores', level: 1 })).toBeVisible()

  // A store's account needs its store: refused without one, with the field's message.
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await page.getByRole('combobox', { name: 'Papel' }).selectOption('Loja')
  await page.getByRole('button', { name: 'Enviar convite' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click()
  await expect(page.getByText('Escolha a loja desta conta.')).toBeVisible()
  await page.getByRole('combobox', { name: 'Loja' }).selectOption('861')
  await page.getByRole('button', { name: 'Enviar convite' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Convite enviado para ${email}.` })).toBeVisible()
  const linha = page.getByRole('row').filter({ hasText: email })
  await expect(linha).toContainText('Loja')
  await expect(linha).toContainText('Santa Catarina')

  // Editing: the form opens with the focus on its heading; a gestor of Nata & Grão.
  await page.getByRole('button', { name: `Editar ${email}` }).click()
  const titulo = page.getByRole('heading', { name: `Editar ${email}`, level: 2 })
  await expect(titulo).toBeFocused()
  const editar = page.getByRole('region', { name: `Editar ${email}` })
  await editar.getByRole('combobox', { name: 'Papel' }).selectOption('Gestor')
  await editar.getByRole('button', { name: 'Guardar alterações' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click()
  await expect(editar.getByText('Escolha pelo menos um restaurante.')).toBeVisible()
  // The error is the group's: it describes the fieldset, marked invalid.
  const grupo = editar.getByRole('group', { name: 'Restaurantes que gere' })
  await expect(grupo).toHaveAttribute('aria-invalid', 'true')
  await expect(grupo).toHaveAccessibleDescription('Escolha pelo menos um restaurante.')
  await editar.getByRole('checkbox', { name: 'Nata & Grão' }).check()
  await expectAccessible(page)
  await editar.getByRole('button', { name: 'Guardar alterações' }).click()
  await expect(page.getByRole('status').filter({ hasText: `${email} foi alterado.` })).toBeVisible()
  await expect(linha).toContainText('Gestor')
  await expect(linha).toContainText('Nata & Grão')
  // Saved or cancelled, the focus goes back to the row's 'Editar' that opened the form.
  const botaoEditar = page.getByRole('button', { name: `Editar ${email}` })
  await expect(botaoEditar).toBeFocused()
  await botaoEditar.click()
  await expect(titulo).toBeFocused()
  await editar.getByRole('button', { name: 'Cancelar' }).click()
  await expect(editar).toHaveCount(0)
  await expect(botaoEditar).toBeFocused()

  // Disabled, then reactivated.
  await page.getByRole('button', { name: `Desativar ${email}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Desativar' }).click()
  await expect(linha).toContainText('Desativado')
  await expect(page.getByRole('button', { name: `Editar ${email}` })).toHaveCount(0)
  await page.getByRole('button', { name: `Reativar ${email}` }).click()
  await expect(page.getByRole('status').filter({ hasText: `${email} foi reativado.` })).toBeVisible()
  await expect(linha).not.toContainText('Desativado')
  await expect(page.getByRole('button', { name: `Desativar ${email}` })).toBeVisible()
  await expectAccessible(page)

  // Each change is in the audit log, with what it was before.
  const headers = { accept: 'application/json' }
  for (const acao of ['utilizador.editar', 'utilizador.desativar', 'utilizador.reativar']) {
    const res = await page.request.get(`/admin/api/auditoria?acao=${acao}`, { headers })
    expect(res.status()).toBe(200)
    const itens = (await res.json()).data.itens as { antes: string | null; depois: string | null }[]
    const deste = itens.filter((i) => i.depois?.includes(email))
    expect(deste, acao).toHaveLength(1)
    expect(deste[0]?.antes, acao).toContain(email)
  }
})

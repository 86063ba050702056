import type { RestauranteStaff } from '../../../shared/admin-restaurantes.ts'
import type { PromocaoFormSchema } from '../../../shared/promocoes.ts'
import { DIAS_SEMANA, EFEITO_NOME } from '../../../shared/promocoes-textos.ts'
import { CheckboxField, Field, SelectField } from '../../ui/Field.tsx'
import type { ApiForm } from '../../ui/form.tsx'

/**
 * The fields of a promotion: what it gives (the effect's own figures only), when (dates, weekdays, hours in each
 * store's own time) and where (every store, a restaurant, a store).
 */
export function PromocaoFormulario({
  form,
  errorOf,
  restaurantes,
}: {
  form: ApiForm<typeof PromocaoFormSchema>['form']
  errorOf: ApiForm<typeof PromocaoFormSchema>['errorOf']
  restaurantes: RestauranteStaff[] | undefined
}) {
  const efeito = form.watch('efeito')
  const ambito = form.watch('ambito')
  const erroDias = errorOf('dias_semana')
  return (
    <>
      <Field
        id="promocao-nome"
        label="Nome"
        required
        maxLength={80}
        hint="Como a app e a caixa a dizem, por exemplo Dobro de pontos."
        error={errorOf('nome')}
        {...form.register('nome')}
      />
      <SelectField label="O que dá" error={errorOf('efeito')} {...form.register('efeito')}>
        {Object.entries(EFEITO_NOME).map(([valor, nome]) => (
          <option key={valor} value={valor}>
            {nome}
          </option>
        ))}
      </SelectField>
      {efeito === 'multiplicar_pontos' && (
        <Field
          key="multiplicador"
          label="Multiplicar os pontos por"
          inputMode="numeric"
          required
          hint="2 dá o dobro dos pontos, 3 o triplo. Com várias em vigor, conta a maior."
          error={errorOf('multiplicador')}
          {...form.register('multiplicador')}
        />
      )}
      {(efeito === 'pontos_produto' || efeito === 'pontos_gasto_minimo') && (
        <Field
          key="pontos"
          label={efeito === 'pontos_produto' ? 'Pontos extra por unidade' : 'Pontos extra'}
          inputMode="numeric"
          required
          error={errorOf('pontos')}
          {...form.register('pontos')}
        />
      )}
      {efeito === 'pontos_produto' && (
        <Field
          key="cod_produto"
          label="Código do produto no POS"
          autoComplete="off"
          required
          maxLength={40}
          hint="O código do produto nas ementas: conta nas encomendas da app e nas compras em que a caixa o indica."
          error={errorOf('cod_produto')}
          {...form.register('cod_produto')}
        />
      )}
      {efeito === 'pontos_gasto_minimo' && (
        <Field
          key="gasto_minimo"
          label="A partir de (€)"
          inputMode="decimal"
          required
          hint="O valor pago na compra, depois do saldo e do prémio, por exemplo 20,00."
          error={errorOf('gasto_minimo')}
          {...form.register('gasto_minimo')}
        />
      )}
      {efeito === 'credito_percent' && (
        <Field
          key="credito_percent"
          label="Saldo por compra (%)"
          inputMode="decimal"
          required
          hint="Em vez da percentagem habitual, que tem de ser menor, por exemplo 10."
          error={errorOf('credito_percent')}
          {...form.register('credito_percent')}
        />
      )}
      <Field label="Data de início" type="date" required error={errorOf('inicio')} {...form.register('inicio')} />
      <Field label="Data de fim" type="date" required error={errorOf('fim')} {...form.register('fim')} />
      {/* The group's error (no day, or none within the dates) describes the group and each of its boxes. */}
      <fieldset className="admin-alcance" aria-describedby={erroDias ? 'promocao-dias-erro' : undefined}>
        <legend>Dias da semana</legend>
        {DIAS_SEMANA.map((dia, i) => (
          <CheckboxField
            key={dia}
            id={`promocao-dia-${i + 1}`}
            value={String(i + 1)}
            aria-invalid={erroDias ? true : undefined}
            aria-describedby={erroDias ? 'promocao-dias-erro' : undefined}
            {...form.register('dias_semana')}
          >
            {dia[0]?.toUpperCase()}
            {dia.slice(1)}
          </CheckboxField>
        ))}
        {erroDias && (
          <p id="promocao-dias-erro" className="field-error">
            {erroDias}
          </p>
        )}
      </fieldset>
      <Field
        label="Das (hora)"
        type="time"
        hint="Vazio: o dia todo. As horas são as de cada loja (nos Açores, as dos Açores)."
        error={errorOf('hora_inicio')}
        {...form.register('hora_inicio')}
      />
      <Field label="Às (hora)" type="time" error={errorOf('hora_fim')} {...form.register('hora_fim')} />
      <SelectField label="Onde" error={errorOf('ambito')} {...form.register('ambito')}>
        <option value="todas">Todas as lojas</option>
        <option value="restaurante">Um restaurante</option>
        <option value="loja">Uma loja</option>
      </SelectField>
      {ambito === 'restaurante' && (
        <SelectField
          key="restaurante"
          label="Restaurante"
          error={errorOf('id_restaurante')}
          {...form.register('id_restaurante')}
        >
          <option value="">Escolha o restaurante</option>
          {restaurantes?.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </SelectField>
      )}
      {ambito === 'loja' && (
        <SelectField key="loja" label="Loja" error={errorOf('id_loja')} {...form.register('id_loja')}>
          <option value="">Escolha a loja</option>
          {restaurantes?.flatMap((r) =>
            r.lojas.map((l) => (
              <option key={l.id_loja} value={l.id_loja}>
                {l.name === r.name ? l.name : `${l.name} (${r.name})`}
              </option>
            )),
          )}
        </SelectField>
      )}
      <CheckboxField error={errorOf('ativa')} {...form.register('ativa')}>
        Ativa (desmarque para a terminar já)
      </CheckboxField>
    </>
  )
}

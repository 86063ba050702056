import { useState } from 'react'
import {
  avisoIvaLoja,
  DIAS_SEMANA,
  escreverPeriodos,
  type LojaEdicaoSchema,
  type LojaStaff,
  lerPeriodos,
  restaurantesMensagens,
} from '../../../shared/admin-restaurantes.ts'
import { IMPRESSORA_PORTA_MAX, IMPRESSORA_PORTA_MIN } from '../../../shared/impressora.ts'
import { CAPACIDADE_INTERVALO_MAX } from '../../../shared/levantamento.ts'
import { MESAS_MAX } from '../../../shared/mesas.ts'
import { METODOS_PAGAMENTO, NOME_METODO } from '../../../shared/metodos-pagamento.ts'
import { NOMES_REGIAO, REGIOES, taxasEmTexto } from '../../../shared/regioes.ts'
import { NOMES_TABELAS_PRECO, TABELAS_PRECO } from '../../../shared/tabelas-preco.ts'
import { CheckboxField, Field, SelectField } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { adminPost } from './api.ts'
import { ImagemCampo } from './ImagemCampo.tsx'

const schema = (): Promise<typeof LojaEdicaoSchema> =>
  import('../../../shared/admin-restaurantes.ts').then((m) => m.LojaEdicaoSchema)

/** The POS's price tiers, by the names its manager knows; a product without the tier chosen pays `precovenda`. */
const opcoesTabela = TABELAS_PRECO.map((t) => (
  <option key={t} value={t}>
    {NOMES_TABELAS_PRECO[t]}
  </option>
))

/** The regions, each with its VAT rates: the choice that sets which rates the store's POS may send. */
const opcoesRegiao = REGIOES.map((r) => (
  <option key={r} value={r}>
    {`${NOMES_REGIAO[r]} (IVA ${taxasEmTexto(r)})`}
  </option>
))

/** A period no hour can match: the schema refuses it, so a day written wrong keeps the form from being sent. */
const INVALIDO: [string, string][] = [['', '']]

/**
 * A store's content (address, coordinates, opening hours, hours of ordering, contacts, links, images and menu images),
 * as the customer's store page shows it. The hours of ordering are written per weekday ("12:00-15:00, 19:00-23:00").
 */
export function LojaForm({
  loja,
  onGuardada,
  onCancelar,
}: {
  loja: LojaStaff
  onGuardada: (loja: LojaStaff) => void
  onCancelar: () => void
}) {
  const { tag: _tag, id, id_loja: _idLoja, restaurante_id: _r, aviso_iva: avisoIva, ...valores } = loja
  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema,
    defaultValues: valores,
    submit: (values) => adminPost<LojaStaff>(`/lojas-conteudo/${id}`, values),
    onSuccess: onGuardada,
  })
  const [linhas, setLinhas] = useState(loja.opening_hours.join('\n'))
  const [encomendas, setEncomendas] = useState(loja.horario_encomendas !== null)
  const [dias, setDias] = useState<string[]>(() =>
    DIAS_SEMANA.map((_d, i) => escreverPeriodos(loja.horario_encomendas?.[i] ?? [])),
  )
  const [menus, setMenus] = useState(loja.menus)

  const definirHorario = (aceita: boolean, textos: string[]) => {
    const periodos = textos.map(lerPeriodos)
    form.setValue('horario_encomendas', aceita ? periodos.map((p) => p ?? INVALIDO) : null, { shouldDirty: true })
  }
  const definirMenus = (novos: typeof menus) => {
    setMenus(novos)
    form.setValue('menus', novos, { shouldDirty: true })
  }
  const menusErro = form.formState.errors.menus ? 'Dê um título e uma imagem a cada ementa.' : undefined

  return (
    <form className="form admin-formulario" onSubmit={onSubmit} noValidate>
      <Field id="loja-nome" label="Nome" required error={errorOf('name')} {...form.register('name')} />
      <Field label="Nome completo" required error={errorOf('name_detail')} {...form.register('name_detail')} />
      <Field label="Morada" required error={errorOf('address')} {...form.register('address')} />
      <Field label="Código postal" required error={errorOf('postal_code')} {...form.register('postal_code')} />
      <Field label="Localidade" required error={errorOf('city')} {...form.register('city')} />
      <Field label="Telefone" type="tel" error={errorOf('phone')} {...form.register('phone')} />
      <Field
        label="Latitude"
        type="number"
        step="any"
        required
        hint="Entre -90 e 90 (ex.: 41.1496)."
        error={errorOf('latitude')}
        {...form.register('latitude', { valueAsNumber: true })}
      />
      <Field
        label="Longitude"
        type="number"
        step="any"
        required
        hint="Entre -180 e 180 (ex.: -8.6109)."
        error={errorOf('longitude')}
        {...form.register('longitude', { valueAsNumber: true })}
      />
      <Field label="Ligação do mapa" type="url" error={errorOf('map_link')} {...form.register('map_link')} />
      <Field label="Facebook" type="url" error={errorOf('facebook_link')} {...form.register('facebook_link')} />
      <Field label="Instagram" type="url" error={errorOf('instagram_link')} {...form.register('instagram_link')} />
      <Field label="Site" type="url" error={errorOf('site_link')} {...form.register('site_link')} />
      <CheckboxField error={errorOf('book')} {...form.register('book')}>
        Aceita reservas
      </CheckboxField>
      <div className="field">
        <label htmlFor="loja-horario">Horário de funcionamento</label>
        <p id="loja-horario-ajuda" className="field-hint">
          Uma linha por entrada, como aparece ao cliente (ex.: Segunda a sexta: 12h–23h).
        </p>
        <textarea
          id="loja-horario"
          rows={4}
          aria-describedby="loja-horario-ajuda"
          value={linhas}
          onChange={(event) => {
            setLinhas(event.target.value)
            const lista = event.target.value.split('\n').map((l) => l.trim())
            form.setValue(
              'opening_hours',
              lista.filter((l) => l !== ''),
              { shouldDirty: true },
            )
          }}
        />
      </div>
      <fieldset className="admin-horario">
        <legend>Encomendas pela app</legend>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={encomendas}
            onChange={(event) => {
              setEncomendas(event.target.checked)
              definirHorario(event.target.checked, dias)
            }}
          />
          Aceita encomendas pela app
        </label>
        {encomendas &&
          DIAS_SEMANA.map((dia, i) => {
            const erro = lerPeriodos(dias[i] ?? '') === null ? restaurantesMensagens.hora : undefined
            return (
              <Field
                key={dia}
                name={`dia-${i}`}
                label={dia}
                hint={i === 0 ? 'Ex.: 12:00-15:00, 19:00-23:00. Vazio: fechada nesse dia.' : undefined}
                error={erro}
                value={dias[i] ?? ''}
                onChange={(event) => {
                  const novos = dias.map((d, j) => (j === i ? event.target.value : d))
                  setDias(novos)
                  definirHorario(true, novos)
                }}
              />
            )
          })}
        {encomendas && (
          <>
            <SelectField
              label="Preço em Take-Away"
              hint="O preço da ementa do POS que a app cobra em take-away."
              error={errorOf('preco_take_away')}
              {...form.register('preco_take_away')}
            >
              {opcoesTabela}
            </SelectField>
            <SelectField
              label="Preço para comer na loja"
              hint="O preço da ementa do POS que a app cobra a quem come na loja."
              error={errorOf('preco_na_loja')}
              {...form.register('preco_na_loja')}
            >
              {opcoesTabela}
            </SelectField>
            <Field
              label="Encomendas por intervalo de 15 minutos"
              type="number"
              inputMode="numeric"
              min={1}
              max={CAPACIDADE_INTERVALO_MAX}
              hint="Quantas encomendas com hora de levantamento a loja aceita em cada intervalo (ex.: 10)."
              error={errorOf('capacidade_intervalo')}
              {...form.register('capacidade_intervalo', { valueAsNumber: true })}
            />
            <Field
              label="Mesas"
              type="number"
              inputMode="numeric"
              min={0}
              max={MESAS_MAX}
              hint="Mesas numeradas de 1 a este número, cada uma com o seu código QR para encomendar. 0: sem encomendas da mesa."
              error={errorOf('mesas')}
              {...form.register('mesas', { valueAsNumber: true })}
            />
            <fieldset className="admin-metodos">
              <legend>Métodos de pagamento aceites</legend>
              <p className="field-hint">O cliente escolhe entre estes ao finalizar a encomenda.</p>
              {METODOS_PAGAMENTO.map((m) => (
                <CheckboxField key={m} value={m} {...form.register('metodos_pagamento')}>
                  {NOME_METODO[m]}
                </CheckboxField>
              ))}
              {errorOf('metodos_pagamento') && (
                <p className="field-error" role="alert">
                  {errorOf('metodos_pagamento')}
                </p>
              )}
            </fieldset>
            <Field
              label="Impressora da cozinha"
              autoComplete="off"
              hint="Endereço IP ou nome na rede da loja (ex.: 192.168.1.50). Vazio: sem impressora."
              error={errorOf('impressora_endereco')}
              {...form.register('impressora_endereco')}
            />
            <Field
              label="Porta da impressora"
              type="number"
              inputMode="numeric"
              min={IMPRESSORA_PORTA_MIN}
              max={IMPRESSORA_PORTA_MAX}
              hint="Vazio: 9100, a porta habitual."
              error={errorOf('impressora_porta')}
              {...form.register('impressora_porta', {
                setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)),
              })}
            />
          </>
        )}
      </fieldset>
      <fieldset className="admin-vendedor">
        <legend>Quem vende e onde</legend>
        <p className="field-hint">
          A empresa que explora a loja (um franchisado é outra empresa) e o seu NIPC: o cliente vê-os antes de pagar.
        </p>
        <Field label="Empresa" autoComplete="organization" error={errorOf('empresa')} {...form.register('empresa')} />
        <Field
          label="NIPC"
          inputMode="numeric"
          hint="9 algarismos. Um empresário em nome individual indica o seu NIF."
          error={errorOf('nipc')}
          {...form.register('nipc')}
        />
        <SelectField
          label="Região"
          hint="Define as taxas de IVA que a ementa do POS pode ter e, nos Açores, a hora da loja."
          error={errorOf('regiao')}
          {...form.register('regiao')}
        >
          {opcoesRegiao}
        </SelectField>
        {avisoIva && (
          <p className="field-error" role="alert">
            {avisoIvaLoja(avisoIva)}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor="loja-texto">Texto</label>
        <textarea id="loja-texto" rows={4} {...form.register('text')} />
      </div>
      <div className="field">
        <label htmlFor="loja-direcoes">Como chegar</label>
        <textarea id="loja-direcoes" rows={3} {...form.register('directions')} />
      </div>
      <ImagemCampo
        label="Imagem da lista"
        valor={form.watch('image_list') ?? null}
        onChange={(url) => form.setValue('image_list', url, { shouldDirty: true })}
        erro={errorOf('image_list')}
      />
      <ImagemCampo
        label="Imagem principal"
        valor={form.watch('image_main') ?? null}
        onChange={(url) => form.setValue('image_main', url, { shouldDirty: true })}
        erro={errorOf('image_main')}
      />
      <fieldset className="admin-menus">
        <legend>Ementas (imagens)</legend>
        {menusErro && (
          <p className="field-error" role="alert">
            {menusErro}
          </p>
        )}
        {menus.map((menu, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a menu has no id of its own but its place in the list, which its fields name
          <div key={`${i}-${menu.imagem}`} className="admin-menu">
            <Field
              name={`menu-${i}`}
              label={`Título da ementa ${i + 1}`}
              value={menu.titulo}
              onChange={(event) =>
                definirMenus(menus.map((m, j) => (j === i ? { ...m, titulo: event.target.value } : m)))
              }
            />
            <ImagemCampo
              label={`Imagem da ementa ${i + 1}`}
              valor={menu.imagem || null}
              onChange={(url) => definirMenus(menus.map((m, j) => (j === i ? { ...m, imagem: url ?? '' } : m)))}
            />
            <button
              type="button"
              className="button button-secondary"
              onClick={() => definirMenus(menus.filter((_m, j) => j !== i))}
            >
              Retirar ementa {i + 1}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button button-secondary"
          onClick={() => definirMenus([...menus, { titulo: '', imagem: '' }])}
        >
          Adicionar ementa
        </button>
      </fieldset>
      <div className="admin-acoes">
        <button type="submit" className="button">
          Guardar loja
        </button>
        <button type="button" className="button button-secondary" onClick={onCancelar}>
          Cancelar
        </button>
      </div>
      {submission.feedback}
    </form>
  )
}

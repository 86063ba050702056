import type { ProdutoCatalogo } from './catalogo.ts'

/**
 * A catalogue product for the tests of the ordering screens: a plain dish with nothing declared (allergens unknown, no
 * half portion, no extras), `over` adding what a test is about.
 */
export function produtoDeTeste(over: Partial<ProdutoCatalogo> = {}): ProdutoCatalogo {
  return {
    id: '1',
    nome: 'Prato',
    descricao: null,
    pvp_com_iva: 1000,
    pvp_na_loja_com_iva: over.pvp_com_iva ?? 1000,
    imagem: null,
    complementares: [],
    opcoes: [],
    idCategoria: '10',
    min_complementos: 0,
    max_complementos: 0,
    maxopcoes: 0,
    esgotado: false,
    grupos_opcoes: [],
    destaque: false,
    alergenios: null,
    pode_conter: [],
    calorias: null,
    sal: null,
    vegetariano: false,
    picante: false,
    dieta: false,
    pessoas: null,
    tempo: null,
    meia_dose: false,
    pvp_meia_com_iva: null,
    rotulo_dose: 'Dose',
    rotulo_meia: 'Meia dose',
    sugeridos: [],
    apenas_maiores: false,
    contribuicao_embalagem: 0,
    ...over,
  }
}

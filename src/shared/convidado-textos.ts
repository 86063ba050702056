/**
 * The guest checkout's words the screens and the server both say (decision 0050). Apart from the schemas
 * (convidado.ts), so that a screen that only says them does not load the validation library.
 */
export const convidadoTextos = {
  continuarSemConta: 'Continuar sem conta',
  guardarPontos: 'Guardar os pontos desta compra',
  ligacaoInvalida: 'Esta ligação já não é válida: um pedido sem conta pode ser acompanhado durante 30 dias.',
}

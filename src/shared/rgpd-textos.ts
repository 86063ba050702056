/**
 * The GDPR screens' texts and the link's validity, free of imports (zod above all): the app's screens import them
 * without the schemas (src/shared/rgpd.ts re-exports them for the server).
 */

/** A link is valid this long after it was asked for. */
export const RGPD_LINK_HORAS = 24

export const rgpdMensagens = {
  /** Spec §8. */
  comunicacaoAtualizada: 'Formulário submetido com sucesso. A opção escolhida foi atualizada',
  /** Spec §8: the same answer whether or not the address is the account's. */
  instrucoesEnviadas: 'As instruções para proceder com o pedido foram enviadas para o seu email',
  linkInvalido: 'Este link expirou ou já foi usado. Faça um novo pedido em Conta › Gerir RGPD.',
  outraConta: 'Este link pertence a outra conta. Termine sessão e entre com a conta que fez o pedido.',
  pedidoEmCurso: 'Tem um pedido em curso. Poderá eliminar a conta quando o pedido estiver concluído.',
  contaEliminada: 'A sua conta foi eliminada.',
}

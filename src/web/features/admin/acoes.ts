/** The actions the log records, in words. */
export const ACOES: Record<string, string> = {
  'sessao.entrar': 'Início de sessão',
  'sessao.segundo_fator': 'Verificação em dois passos',
  'sessao.codigo_recuperacao': 'Código de recuperação usado',
  'sessao.sair': 'Fim de sessão',
  'password.alterar': 'Palavra-passe alterada',
  'totp.iniciar': 'Autenticação em dois passos iniciada',
  'totp.inscrever': 'Autenticação em dois passos ativada',
  'utilizador.criar': 'Administrador criado (linha de comandos)',
  'utilizador.convidar': 'Utilizador convidado',
  'convite.aceitar': 'Convite aceite',
  'utilizador.desativar': 'Utilizador desativado',
  'novidade.criar': 'Novidade criada',
  'novidade.editar': 'Novidade editada',
  'novidade.publicar': 'Novidade publicada',
  'novidade.despublicar': 'Novidade despublicada',
  'novidade.apagar': 'Novidade apagada',
}

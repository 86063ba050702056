import { Link } from 'react-router'
import { AdminLayout } from './AdminLayout.tsx'
import { SECCOES } from './seccoes.ts'
import { useSessao } from './use-sessao.ts'

/** `/admin`: the back-office's home — what the signed-in person may open, as links. */
export function InicioPage() {
  const papel = useSessao().data?.papel
  const seccoes = SECCOES.filter((s) => s.para && !s.fim && papel && s.papeis.includes(papel))
  return (
    <AdminLayout titulo="Início">
      <h1>Back-office</h1>
      <p>Aqui a equipa do grupo gere o que os clientes veem na app, as lojas, os clientes e as comunicações.</p>
      <ul className="admin-atalhos">
        {seccoes.map((s) => (
          <li key={s.nome}>
            <Link to={s.para ?? ''}>{s.nome}</Link>
          </li>
        ))}
      </ul>
    </AdminLayout>
  )
}

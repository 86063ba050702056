import { AdminLayout } from './AdminLayout.tsx'

/** `/admin`: the back-office's home. */
export function InicioPage() {
  return (
    <AdminLayout titulo="Início">
      <h1>Back-office</h1>
      <p>
        Aqui a equipa do grupo gere o que os clientes veem na app. As secções marcadas «em breve» chegam nas próximas
        versões.
      </p>
    </AdminLayout>
  )
}

import type { RouteObject } from 'react-router'

/**
 * The staff pages (`/painel/*`, STORE-API.md "Staff pages"): a counter tablet's screens, outside the customer shell
 * (no customer header, navigation or session). Mounted by the app router next to the customer routes.
 */
export const painelRoutes: RouteObject[] = []

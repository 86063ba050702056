/**
 * Spread on every `<form>` of a customer screen. The server renders a page's forms before the app's script has attached
 * their handlers (docs/decisions/0010-first-load-budget.md), and a native submission then would load the page again
 * with the fields in its address, a password among them. `method="dialog"` makes such a submission do nothing (close
 * the dialog, inside one); once the page is hydrated, the form's handler takes every submission.
 */
export const NO_NATIVE_SUBMIT = { method: 'dialog' } as const

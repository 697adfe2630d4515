/**
 * Spread on every form of the app: `method="dialog"`, so the browser itself never submits one
 * anywhere. A pre-rendered page shows its forms before the app has taken them over, and to a
 * visitor without JavaScript; submitted as the browser would (a GET to the page's own address,
 * the default), a note's text and password would reach the server in the URL. A dialog-method
 * form outside a dialog submits nowhere; inside one, it closes it. The app's own submit handlers
 * run as before (they prevent the browser's default). renderer/e2e/prerender.e2e.test.ts checks
 * that a form submitted before the app starts sends nothing.
 */
export const NEVER_SUBMITTED_BY_BROWSER = { method: 'dialog' } as const;

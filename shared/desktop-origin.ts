/**
 * The desktop app shows its renderer from the app bundle through this privileged custom scheme
 * (registered by the Electron main process), never from a server. A hosted server accepts this
 * origin, beside its own, for cross-origin API calls and for `/ws`.
 */
export const DESKTOP_APP_SCHEME = 'app';
export const DESKTOP_APP_HOST = 'ashnote';
export const DESKTOP_APP_ORIGIN = `${DESKTOP_APP_SCHEME}://${DESKTOP_APP_HOST}`;

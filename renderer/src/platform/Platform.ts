/**
 * What the renderer may ask of the environment it runs in. The web and the desktop app
 * implement the same interface, so features never ask which one they are in for these.
 */
export interface ShareData {
  title?: string;
  text?: string;
  url?: string;
}

export interface Platform {
  readonly kind: 'web' | 'desktop';
  /** Puts text on the clipboard; rejects when the environment refuses. */
  copyText(text: string): Promise<void>;
  /** Opens an https: address outside the app (new tab, or the system browser on desktop). */
  openExternal(url: string): Promise<void>;
  /** The device share sheet, where one exists; absent otherwise (callers fall back to copying). */
  share?(data: ShareData): Promise<void>;
}

/** Only https: leaves the app: no javascript:, file:, custom schemes or plain http. */
export function assertExternalUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('Refusing to open a malformed external address');
  }
  if (parsed.protocol !== 'https:') {
    throw new Error(`Refusing to open a non-https address (${parsed.protocol})`);
  }
  return parsed;
}

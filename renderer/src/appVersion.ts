declare const __ASHNOTE_VERSION__: string;

/** package.json's version, written in at build time (renderer/vite.config.ts). */
export const APP_VERSION = __ASHNOTE_VERSION__;

// Vite's `?asset` imports and friends, as electron-vite resolves them in the main build.
/// <reference types="electron-vite/node" />

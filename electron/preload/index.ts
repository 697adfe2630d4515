import { contextBridge } from 'electron';
import { api } from './api.ts';

// Runs sandboxed with context isolation: the page sees only this frozen copy of `api`, as
// `window.ashnote`, never ipcRenderer or any Node/Electron object.
contextBridge.exposeInMainWorld('ashnote', api);

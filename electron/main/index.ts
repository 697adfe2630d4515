import { app, BrowserWindow, clipboard, dialog, ipcMain, Menu, session, shell } from 'electron';
import iconPath from '../../resources/icon.png?asset';
import { closeServerOnQuit, startBundledServer, type BundledServer } from './bundled-server.ts';
import { registerBridgeHandlers } from './ipc.ts';
import { menuTemplate } from './menu.ts';
import { applyTestUserData, appPaths, dataDirFor } from './paths.ts';
import { denyPermissions, guardWebContents } from './security.ts';
import { claimSingleInstance } from './single-instance.ts';
import { failStartup } from './startup-error.ts';
import { devToolsEnabled, focusWindow, openMainWindow } from './window.ts';

// The lifecycle only: each capability lives in its own file and is wired here.

const report = (what: string) => (error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Ashnote: ${what} failed: ${message}\n`);
};

// Every renderer sandboxed, whatever options a future window might forget.
app.enableSandbox();
const testRun = applyTestUserData(app, process.env);
const devTools = devToolsEnabled({ isPackaged: app.isPackaged, testRun });
const paths = appPaths(import.meta.dirname);

let server: BundledServer | null = null;
let mainWindow: BrowserWindow | null = null;

function showMainWindow(url: string): void {
  const window = openMainWindow((options) => new BrowserWindow(options), {
    url,
    preloadPath: paths.preload,
    devTools,
    icon: process.platform === 'linux' ? iconPath : undefined,
    onLoadError: report('loading the app'),
  });
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
  mainWindow = window;
}

const fail = (error: unknown) =>
  failStartup(
    {
      showErrorBox: (title, content) => dialog.showErrorBox(title, content),
      exit: (code) => app.exit(code),
    },
    error,
  );

async function start(): Promise<void> {
  await app.whenReady();
  denyPermissions(session.defaultSession);
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(menuTemplate({ platform: process.platform, devTools })),
  );

  const running = await startBundledServer({
    dataDir: dataDirFor(app.getPath('userData')),
    webDir: paths.renderer,
  });
  server = running;
  closeServerOnQuit(app, running, report('stopping the server'));

  registerBridgeHandlers(ipcMain, {
    appOrigin: running.origin,
    versions: {
      app: app.getVersion(),
      electron: process.versions.electron,
      chrome: process.versions.chrome,
    },
    writeClipboard: (text) => clipboard.writeText(text),
    openExternal: (url) => shell.openExternal(url),
  });

  showMainWindow(running.url);
  // macOS keeps the app alive without windows; clicking the dock icon brings one back.
  app.on('activate', () => {
    if (mainWindow === null) showMainWindow(running.url);
  });
}

const claimed = claimSingleInstance(app, () => {
  if (mainWindow !== null) focusWindow(mainWindow);
});
if (!claimed) {
  app.quit();
} else {
  app.on('web-contents-created', (_event, contents) =>
    guardWebContents(contents, {
      appOrigin: () => server?.origin ?? null,
      openExternal: (url) => shell.openExternal(url),
      onError: report('opening a link'),
    }),
  );
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  start().catch(fail);
}

import os from 'node:os';
import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  ipcMain,
  Menu,
  screen,
  session,
  shell,
  utilityProcess,
  type BrowserWindowConstructorOptions,
  type WebContents,
} from 'electron';
import iconPath from '../../resources/icon.png?asset';
import { DESKTOP_EVENTS, type MenuLabels } from '../../shared/desktop-bridge.ts';
import { appPathFromLink } from '../../shared/desktop-links.ts';
import { DESKTOP_APP_ORIGIN } from '../../shared/desktop-origin.ts';
import { CLIPBOARD_CLEAR_MS } from '../../shared/desktop-settings.ts';
import { handleAppProtocol, registerAppScheme } from './app-protocol.ts';
import { createClipboardGuard } from './clipboard-guard.ts';
import { createLinkDispatcher, DEEP_LINK_SCHEME, pathFromArgv } from './deep-links.ts';
import { registerBridgeHandlers } from './ipc.ts';
import { DEFAULT_MENU_LABELS, menuTemplate } from './menu.ts';
import { applyTestUserData, appPaths, dataDirFor } from './paths.ts';
import { finishBeforeQuit } from './quit.ts';
import { reporter } from './report.ts';
import { denyPermissions, guardWebContents } from './security.ts';
import { createServerChoice, firstLanAddress } from './server-choice.ts';
import { probeServer } from './server-probe.ts';
import { serverForkOptions } from './server-process.ts';
import { createServerSupervisor, type ServerChild } from './server-supervisor.ts';
import { settingsPath } from './settings-store.ts';
import { claimSingleInstance } from './single-instance.ts';
import { failStartup } from './startup-error.ts';
import { devToolsEnabled, focusWindow, openMainWindow } from './window.ts';
import {
  loadWindowState,
  rememberWindowState,
  restoredBounds,
  saveWindowState,
  windowStatePath,
} from './window-state.ts';

// The lifecycle only: each capability lives in its own file and is wired here. Error lines name
// what failed and never carry an address (report.ts): deep links carry keys.

const report = reporter((line) => process.stderr.write(line));

// Before `ready`: the scheme's privileges cannot be granted later.
registerAppScheme();
// Every renderer sandboxed, whatever options a future window might forget.
app.enableSandbox();
const testRun = applyTestUserData(app, process.env);
const devTools = devToolsEnabled({ isPackaged: app.isPackaged, testRun });
const paths = appPaths(import.meta.dirname);
const userData = app.getPath('userData');

let mainWindow: BrowserWindow | null = null;
let menuLabels: MenuLabels = DEFAULT_MENU_LABELS;

const supervisor = createServerSupervisor({
  spawn: (): ServerChild => {
    const child = utilityProcess.fork(
      paths.server,
      [],
      serverForkOptions(process.env, process.platform),
    );
    return {
      postMessage: (message) => child.postMessage(message),
      on: (event: 'message' | 'exit', listener: (value: never) => void) =>
        child.on(event as 'exit', listener as (code: number) => void),
      kill: () => child.kill(),
    };
  },
  dataDir: dataDirFor(userData),
  webDir: paths.renderer,
  // Same port: the page's socket reconnects by itself. Another one: the page needs the new
  // address (and policy), which a reload gives it.
  onRestarted: (port, previousPort) => {
    if (port !== previousPort) mainWindow?.webContents.reload();
  },
  onGaveUp: (reason) => dialog.showErrorBox('Ashnote', reason),
});

const servers = createServerChoice({
  settingsFile: settingsPath(userData),
  supervisor,
  probe: (origin) => probeServer(origin, { fetch }),
  lanAddress: () => firstLanAddress(os.networkInterfaces()),
});

const clipboardGuard = createClipboardGuard({
  clipboard,
  delayMs: CLIPBOARD_CLEAR_MS,
  enabled: () => servers.settings().clearClipboard,
});

const links = createLinkDispatcher();
const serverOrigin = () => servers.connection()?.publicOrigin ?? null;
const appUrl = (path: string) => `${DESKTOP_APP_ORIGIN}${path}`;
let started = false;

/** A link or a menu route; on macOS the app may be running without a window to show it in. */
function openPath(path: string): void {
  links.open(path);
  if (started && mainWindow === null) showMainWindow();
}

function applyMenu(): void {
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate({
        platform: process.platform,
        devTools,
        labels: menuLabels,
        openPath,
      }),
    ),
  );
}

function showMainWindow(): void {
  const statePath = windowStatePath(userData);
  const saved = loadWindowState(statePath);
  let window: BrowserWindow | null = null;
  const target = {
    isLoading: () => window?.webContents.isLoading() ?? true,
    sendPath: (path: string) => window?.webContents.send(DESKTOP_EVENTS.openPath, path),
    loadPath: (path: string) => void window?.loadURL(appUrl(path)).catch(report('opening a link')),
    focus: () => {
      if (window !== null) focusWindow(window);
    },
  };
  // The options come from windowOptions() (context isolation, sandbox, no Node: window.test.ts
  // asserts them), which the security scan cannot follow through a variable; hence the marker.
  const create = (options: BrowserWindowConstructorOptions) =>
    new BrowserWindow(options); /* eng-disable CONTEXT_ISOLATION_JS_CHECK SANDBOX_JS_CHECK */
  const opened = openMainWindow(create, {
    url: appUrl(links.attach(target)),
    preloadPath: paths.preload,
    devTools,
    icon: process.platform === 'linux' ? iconPath : undefined,
    bounds: restoredBounds(
      saved,
      screen.getAllDisplays().map((display) => display.workArea),
    ),
    onLoadError: report('loading the app'),
  });
  window = opened;
  if (saved?.maximized) opened.maximize();
  rememberWindowState(opened, (state) => saveWindowState(statePath, state));
  // A new page starts unprotected; the page asks again while a note or a chat is shown.
  opened.webContents.on('did-navigate', () => opened.setContentProtection(false));
  opened.on('closed', () => {
    links.detach(target);
    if (mainWindow === opened) mainWindow = null;
  });
  mainWindow = opened;
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
  handleAppProtocol(paths.renderer, () => servers.connection());
  applyMenu();
  app.setAboutPanelOptions({
    applicationName: 'Ashnote',
    applicationVersion: app.getVersion(),
    copyright: 'Copyright © Ashnote contributors',
  });

  registerBridgeHandlers(ipcMain, {
    writeClipboard: (text) => clipboard.writeText(text),
    writeClipboardSensitive: (text) => clipboardGuard.writeSensitive(text),
    openExternal: (url) => shell.openExternal(url),
    settings: () => servers.settings(),
    connection: () => servers.connection(),
    useHostedServer: (address) => servers.useHosted(address),
    useBuiltInServer: (reach) => servers.useBuiltIn(reach),
    setClearClipboard: (on) => servers.setClearClipboard(on),
    setContentProtection: (sender, on) =>
      BrowserWindow.fromWebContents(sender as WebContents)?.setContentProtection(on),
    setMenuLabels: (labels) => {
      menuLabels = labels;
      applyMenu();
    },
  });
  finishBeforeQuit(
    app,
    async () => {
      await clipboardGuard.flush();
      await supervisor.stop();
    },
    report('stopping the server'),
  );

  await servers.connect();
  const launchPath = pathFromArgv(process.argv.slice(1), serverOrigin());
  if (launchPath !== null) links.open(launchPath);
  showMainWindow();
  started = true;
  // macOS keeps the app alive without windows; clicking the dock icon brings one back.
  app.on('activate', () => {
    if (mainWindow === null) showMainWindow();
  });
}

const claimed = claimSingleInstance(app, (argv) => {
  const path = pathFromArgv(argv.slice(1), serverOrigin());
  if (path !== null) openPath(path);
  else if (mainWindow !== null) focusWindow(mainWindow);
  else if (started) showMainWindow();
});
if (!claimed) {
  app.quit();
} else {
  // Installed builds register ashnote://; a development or test run must not claim it.
  if (app.isPackaged) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  // macOS delivers links through this event, possibly before `ready`.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    const path = appPathFromLink(url, serverOrigin());
    if (path !== null) openPath(path);
  });
  app.on('web-contents-created', (_event, contents) =>
    guardWebContents(contents, {
      openExternal: (url) => shell.openExternal(url),
      onError: report('opening a link'),
    }),
  );
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  start().catch(fail);
}

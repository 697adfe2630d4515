import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';

/**
 * Debian's Chromium, headless, for Lighthouse to drive through its DevTools port: one browser
 * per interface language, since a browser's languages are fixed when it starts. CHROME_PATH is
 * the variable Lighthouse's own launcher reads.
 */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  // Off the (closed) network, as the browser tests' Chromium.
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
  // As Lighthouse's own launcher: a headless tab is never slowed as if it were in the background.
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--remote-debugging-port=0',
];
const START_TIMEOUT_MS = 30_000;

export interface Chromium {
  /** Its DevTools port, for Lighthouse's `port` flag. */
  port: number;
  stop(): Promise<void>;
}

/** The port from Chromium's "DevTools listening on ws://127.0.0.1:PORT/…" line on stderr. */
function devToolsPort(child: ChildProcess): Promise<number> {
  const stderr = child.stderr!;
  let output = '';
  return new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('Chromium did not start in time')),
      START_TIMEOUT_MS,
    );
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${output}`)));
    stderr.on('data', function onData(chunk: Buffer) {
      output += chunk.toString();
      const port = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output)?.[1];
      if (port === undefined) return;
      clearTimeout(timer);
      // Chromium's log from here on is read and dropped, so the pipe never fills and blocks it.
      stderr.off('data', onData);
      stderr.resume();
      resolve(Number(port));
    });
  });
}

/** `navigator.languages` in a new tab of the browser, asked over the DevTools protocol. */
async function navigatorLanguages(port: number): Promise<string[]> {
  const devTools = `http://127.0.0.1:${port}/json`;
  const tab = (await (await fetch(`${devTools}/new?about:blank`, { method: 'PUT' })).json()) as {
    id: string;
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(tab.webSocketDebuggerUrl);
  try {
    await once(socket, 'open');
    const params = { expression: 'navigator.languages', returnByValue: true };
    socket.send(JSON.stringify({ id: 1, method: 'Runtime.evaluate', params }));
    const [reply] = (await once(socket, 'message')) as [Buffer];
    return (JSON.parse(reply.toString()) as { result: { result: { value: string[] } } }).result
      .result.value;
  } finally {
    socket.close();
    await fetch(`${devTools}/close/${tab.id}`);
  }
}

/**
 * Starts Chromium with `language` as its interface language and its only Accept-Language
 * (`navigator.languages`, which the app reads when nothing is stored), in a profile of its own,
 * and checks that pages see that language.
 */
export async function launchChromium(language: string): Promise<Chromium> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-bench-chromium-'));
  const child = spawn(
    CHROME_PATH,
    [...FLAGS, `--user-data-dir=${profile}`, `--lang=${language}`, `--accept-lang=${language}`],
    // A process group of its own, so that its helpers (crash handler, utilities) end with it.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const exited = once(child, 'exit');
  const stop = async () => {
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
    // A helper may still be writing there for a moment after the browser exits (seen as
    // ENOTEMPTY, which once ended a whole run before its table was printed): removal is tried
    // again, as Node does on request, and a profile left behind in the temporary folder is
    // only said, not fatal.
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    } catch (error) {
      console.warn(`Chromium's profile ${profile} left behind: ${(error as Error).message}`);
    }
  };
  try {
    const port = await devToolsPort(child);
    const languages = await navigatorLanguages(port);
    if (languages[0] !== language) {
      throw new Error(`Chromium started with --lang=${language} has languages ${languages.join()}`);
    }
    return { port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

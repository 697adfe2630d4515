import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SITE_SNIPPET = fileURLToPath(new URL('../caddy/ashnote.caddy', import.meta.url));

/** Where Debian's `caddy` package is, or null when it is not installed. */
export function caddyBinary(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v caddy'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface Caddy {
  /** `https://127.0.0.1:<port>` */
  url: string;
  /** A request over HTTPS that trusts Caddy's own CA (and nothing else). */
  request(
    pathname: string,
    options?: { method?: string; headers?: Record<string, string>; body?: string },
  ): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>;
  stop(): Promise<void>;
}

/**
 * Debian's Caddy (2.6) serving the site snippet compose.yaml's Caddy serves
 * (deploy/caddy/ashnote.caddy), on 127.0.0.1 with a certificate from Caddy's own CA (`tls
 * internal`), its state in `folder`, without its admin endpoint or touching the system's trust
 * store. `env` sets the snippet's variables (ASHNOTE_UPSTREAMS, ASHNOTE_LB_POLICY).
 */
export async function startCaddy(folder: string, env: Record<string, string>): Promise<Caddy> {
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const storage = path.join(folder, 'storage');
  const config = path.join(folder, 'Caddyfile');
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(
    config,
    `{
	admin off
	skip_install_trust
	storage file_system ${storage}
	http_port ${httpPort}
	https_port ${httpsPort}
}
https://127.0.0.1:${httpsPort} {
	bind 127.0.0.1
	tls internal
	import ${SITE_SNIPPET}
}
`,
  );
  const child = spawn('caddy', ['run', '--config', config, '--adapter', 'caddyfile'], {
    env: { PATH: process.env.PATH, HOME: folder, XDG_DATA_HOME: folder, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const url = `https://127.0.0.1:${httpsPort}`;
  const rootCertificate = path.join(storage, 'pki/authorities/local/root.crt');
  const request: Caddy['request'] = (pathname, options = {}) =>
    new Promise((resolve, reject) => {
      const outgoing = https.request(
        `${url}${pathname}`,
        {
          method: options.method ?? 'GET',
          headers: options.headers,
          ca: fs.readFileSync(rootCertificate),
        },
        (answer) => {
          answer.resume();
          answer.on('end', () => resolve({ status: answer.statusCode!, headers: answer.headers }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(options.body);
    });

  // Caddy makes its CA and the site's certificate on its first start.
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`caddy exited: ${log}`);
    const answers =
      fs.existsSync(rootCertificate) &&
      (await request('/healthz').then(
        () => true,
        () => false,
      ));
    if (answers) break;
    if (Date.now() > deadline) throw new Error(`caddy did not answer within 30 s: ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    request,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

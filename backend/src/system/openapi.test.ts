import crypto from 'node:crypto';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ENDPOINTS, documentedRoutes } from '../../../shared/api/endpoints.ts';
import { apiPaths, fillRoute } from '../../../shared/api/paths.ts';
import { hashPassword, LEAST_WORK } from '../admin/password-hash.ts';
import { startSmtpSink } from '../testing/smtp-sink.ts';
import { TEST_DATABASES, startTestServer, type TestServer } from '../testing/test-server.ts';

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { 'x-examples': unknown[]; responses: object }>>;
}

/** `/api/notes/{id}` as the router writes it: `/api/notes/:id`. */
const routePattern = (path: string) => path.replace(/\{([A-Za-z]+)\}/g, ':$1');

describe.each(TEST_DATABASES)('the OpenAPI document on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestServer;
  let document: Document;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    // Mail and an administrator: the examples' statuses are this server's.
    t = await startTestServer(kind, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'api@ashnote.test',
      MAIL_KEY: crypto.randomBytes(32).toString('base64'),
      ADMIN_PASSWORD_HASH: await hashPassword('the administrator password', LEAST_WORK),
    });
    const response = await fetch(`${t.url}${apiPaths.openapi}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    document = (await response.json()) as Document;
  });
  afterAll(async () => {
    await t?.stop();
    await smtp?.stop();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(
      document as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes exactly the routes the server answers, with the same methods', () => {
    expect(document.openapi).toBe('3.1.0');
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${routePattern(path)}`),
    );
    const registered = t.server.routes.map(({ method, path }) => `${method} ${path}`);
    expect([...documented].sort()).toEqual([...registered].sort());
    // Every documented path is one the contract names.
    for (const path of Object.keys(document.paths)) {
      expect(Object.values(documentedRoutes)).toContain(routePattern(path));
    }
  });

  it('documents a response for every example’s status, and the server answers each example with it', async () => {
    for (const endpoint of API_ENDPOINTS) {
      for (const example of endpoint.examples) {
        const path = fillRoute(documentedRoutes[endpoint.route], example.params ?? {});
        const query = example.query ? `?${new URLSearchParams(example.query)}` : '';
        const headers: Record<string, string> = { ...example.headers };
        if (endpoint.sameOrigin) headers.Origin = new URL(t.url).origin;
        if (example.body !== undefined) headers['content-type'] = 'application/json';
        const response = await fetch(`${t.url}${path}${query}`, {
          method: endpoint.method.toUpperCase(),
          headers,
          body: example.body === undefined ? undefined : JSON.stringify(example.body),
        });
        const label = `${endpoint.method} ${path}: ${example.summary}`;
        expect(response.status, label).toBe(example.status);
        const documentPath = documentedRoutes[endpoint.route].replace(/:([A-Za-z]+)/g, '{$1}');
        const documented = document.paths[documentPath]![endpoint.method]!.responses;
        expect(Object.keys(documented), label).toContain(String(example.status));
        // A documented success answers what its schema says.
        if (example.status === endpoint.success.status && endpoint.success.json) {
          expect(endpoint.success.json.safeParse(await response.json()).success, label).toBe(true);
        }
      }
    }
  });
});

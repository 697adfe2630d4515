import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/api/paths.ts';
import { hashPassword, LEAST_WORK } from '../admin/password-hash.ts';
import { mailboxKey } from '../mail/mailbox.ts';
import { ChatTestClient } from '../chat/test-client.ts';
import { DEFAULT_CHAT_RATE_RULES } from '../chat/chat.service.ts';
import { NEWSLETTER_RATE_RULES } from '../newsletter/newsletter.service.ts';
import { DEFAULT_FILE_BYTES_PER_HOUR } from '../notes/files/byte-budget.ts';
import { DEFAULT_NOTE_RATE_RULES } from '../notes/notes.service.ts';
import { DEFAULT_REQUEST_RATE_RULES } from '../requests/requests.service.ts';
import { fakeEnvelope, noteVerifiers, ownOrigin, postJson } from '../testing/notes-client.ts';
import { startSmtpSink } from '../testing/smtp-sink.ts';
import {
  TEST_DATABASES,
  createTestStore,
  startServer,
  type TestServer,
  type TestStore,
} from '../testing/test-server.ts';
import type { RateRule } from './rate-limiter.ts';

/**
 * Every per-client limit, hit by a burst of concurrent requests from one client (behind a
 * proxy, where no connection cap bounds a burst): one instance lets at most the limit through,
 * two instances on one database at most the limit and an eighth. The rules are production's,
 * the hourly budget of file bytes (NOTE_FILE_BYTES_PER_HOUR) its default.
 */

const BURST = 120;
/** What rules do not fix themselves: the administrator's sign-in and analytics ingest. */
const ADMIN_LOGIN_RULE: RateRule = { limit: 5, windowSeconds: 900 };
const ANALYTICS_RULE: RateRule = { limit: 120, windowSeconds: 600 };
const PASSWORD = 'burst administrator password';
const MIB = 1024 * 1024;
const HOUR_SECONDS = 3600;

type Send = (base: string, index: number, client: Record<string, string>) => Promise<boolean>;

interface BurstCase {
  name: string;
  rule: RateRule;
  /** Sends one request of the burst; true when it got past the limit. */
  send: Send;
  /** The burst's size, when the limit is not well below BURST. */
  size?: number;
  /** A case whose key is not the client: each request comes from another address. */
  rotateClients?: boolean;
}

const accepted = (response: Response) => response.status !== 429;

/** The limit a 429 names (`details.scope`), or null for another answer. */
async function refusedScope(response: Response): Promise<string | null> {
  if (response.status !== 429) return null;
  const body = (await response.json()) as { error: { details: { scope?: string } } };
  return body.error.details.scope ?? 'none';
}

/** The declared sizes of the files answered 201: what the server agreed to store. */
const bytesTaken = (sizes: number[], answers: Response[]) =>
  sizes.reduce((sum, size, index) => sum + (answers[index]!.status === 201 ? size : 0), 0);

/** One Gmail inbox, spelt as many ways as Gmail delivers to it. */
const samsInbox = (index: number) =>
  `${['sam', 's.am', 'Sa.m', 's.a.m', 'SAM'][index % 5]}+${index}@${['gmail.com', 'GoogleMail.com'][index % 2]}`;

const note = (extra: Record<string, unknown> = {}) => ({
  content: fakeEnvelope(),
  ...noteVerifiers(),
  expiration: '1d',
  ...extra,
});

/** A fixed window's count restarts at its edge: a burst must not straddle one. */
async function awayFromWindowEdge(windowSeconds: number): Promise<void> {
  const intoWindow = (Date.now() / 1000) % windowSeconds;
  if (intoWindow > windowSeconds - 10) {
    await new Promise((resolve) => setTimeout(resolve, (windowSeconds - intoWindow + 1) * 1000));
  }
}

/** Join attempts, ten per socket (within a socket's frame budget), each for a room never made. */
async function joinBurst(bases: string[], client: Record<string, string>): Promise<number> {
  const sockets = await Promise.all(
    Array.from({ length: BURST / 10 }, (_, index) =>
      ChatTestClient.connect(bases[index % bases.length]!, client),
    ),
  );
  try {
    for (const socket of sockets) {
      for (let i = 0; i < 10; i++) {
        socket.send({
          type: 'join_session',
          sessionId: crypto.randomBytes(16).toString('base64url').slice(0, 22),
          participantId: crypto.randomBytes(16).toString('hex'),
        });
      }
    }
    const answers = await Promise.all(
      sockets.map(async (socket) => {
        const codes: string[] = [];
        for (let i = 0; i < 10; i++) codes.push((await socket.next('error', 20_000)).code);
        return codes;
      }),
    );
    return answers.flat().filter((code) => code !== 'RATE_LIMITED').length;
  } finally {
    for (const socket of sockets) socket.close();
  }
}

describe.each(TEST_DATABASES)('limits under a burst on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let store: TestStore;
  const servers: TestServer[] = [];
  let clients = 0;
  /** A client address of its own, for one case's burst. */
  const newClient = () => {
    clients++;
    return { 'X-Forwarded-For': `203.0.${Math.floor(clients / 250)}.${(clients % 250) + 1}` };
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    store = await createTestStore(kind);
    const env = {
      ...store.env,
      TRUST_PROXY: 'true',
      ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD, LEAST_WORK),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'burst@ashnote.test',
      MAIL_KEY: crypto.randomBytes(32).toString('base64'),
    };
    // Two instances on one database where the database can be shared; PGlite has one owner.
    const instances = kind === 'postgres' ? 2 : 1;
    for (let i = 0; i < instances; i++) servers.push(await startServer(env));
    // Each instance learns how many share the limits from the others' heartbeats (every 5 s).
    if (instances > 1) await new Promise((resolve) => setTimeout(resolve, 6000));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await store?.drop();
    await smtp?.stop();
  });

  const cases: BurstCase[] = [
    {
      name: 'note creation',
      rule: DEFAULT_NOTE_RATE_RULES.create,
      send: async (base, _, client) =>
        (await postJson(`${base}${apiPaths.notes}`, note(), client)).status === 201,
    },
    {
      name: 'read proofs',
      rule: DEFAULT_NOTE_RATE_RULES.proof,
      send: async (base, _, client) =>
        accepted(
          await postJson(
            `${base}${apiPaths.noteVerify(crypto.randomBytes(16).toString('base64url').slice(0, 22))}`,
            { proof: 'A'.repeat(43), linkProof: 'B'.repeat(43) },
            client,
          ),
        ),
    },
    {
      name: 'status links, asking and destroying alike',
      rule: DEFAULT_NOTE_RATE_RULES.status,
      size: 2 * DEFAULT_NOTE_RATE_RULES.status.limit,
      send: async (base, index, client) => {
        const id = crypto.randomBytes(16).toString('base64url').slice(0, 22);
        const path = index % 2 === 0 ? apiPaths.noteStatus(id) : apiPaths.noteDestroy(id);
        return accepted(await postJson(`${base}${path}`, { statusProof: 'A'.repeat(43) }, client));
      },
    },
    {
      name: 'read receipts one sender asks for',
      rule: DEFAULT_NOTE_RATE_RULES.receiptsPerSender,
      send: async (base, index, client) =>
        (
          await postJson(
            `${base}${apiPaths.notes}`,
            note({ emailNotification: `recipient.${index}@example.org` }),
            client,
          )
        ).status === 201,
    },
    {
      name: 'read receipts to one inbox, however its address is spelt',
      rule: DEFAULT_NOTE_RATE_RULES.receiptsPerRecipient,
      rotateClients: true,
      send: async (base, index, client) =>
        (
          await postJson(
            `${base}${apiPaths.notes}`,
            note({ emailNotification: `Lea.Martin+${index}@Gmail.com` }),
            client,
          )
        ).status === 201,
    },
    {
      name: 'requests for a secret',
      rule: DEFAULT_REQUEST_RATE_RULES.create,
      send: async (base, _, client) =>
        (
          await postJson(
            `${base}${apiPaths.requests}`,
            { label: fakeEnvelope(), claimVerifier: 'A'.repeat(43), expiration: '1d' },
            client,
          )
        ).status === 201,
    },
    {
      // Counted before the request is looked up: answers to requests nobody made count too.
      name: 'answers to requests',
      rule: DEFAULT_REQUEST_RATE_RULES.answer,
      send: async (base, _, client) => {
        const id = crypto.randomBytes(16).toString('base64url').slice(0, 22);
        const answer = { ephemeralKey: 'A'.repeat(43), content: fakeEnvelope() };
        return accepted(await postJson(`${base}${apiPaths.requestAnswer(id)}`, answer, client));
      },
    },
    {
      name: 'chat rooms',
      rule: DEFAULT_CHAT_RATE_RULES.create,
      send: async (base, _, client) =>
        (await postJson(`${base}${apiPaths.chatCreate}`, { duration: '15' }, client)).status ===
        201,
    },
    {
      name: 'newsletter sign-ups',
      rule: NEWSLETTER_RATE_RULES.subscribe,
      send: async (base, index, client) =>
        (
          await postJson(
            `${base}${apiPaths.newsletterSubscribe}`,
            { email: `reader.${index}.${crypto.randomUUID()}@example.org`, language: 'en' },
            client,
          )
        ).status === 200,
    },
    {
      name: 'newsletter codes to one inbox, however its address is spelt',
      rule: NEWSLETTER_RATE_RULES.mailsPerMailbox,
      rotateClients: true,
      send: async (base, index, client) =>
        accepted(
          await postJson(
            `${base}${apiPaths.newsletterSubscribe}`,
            { email: samsInbox(index), language: 'en' },
            client,
          ),
        ),
    },
    {
      name: 'newsletter code tries',
      rule: NEWSLETTER_RATE_RULES.verify,
      send: async (base, _, client) =>
        accepted(
          await postJson(
            `${base}${apiPaths.newsletterVerify}`,
            { email: 'nobody@example.org', code: '12345' },
            client,
          ),
        ),
    },
    {
      name: 'administrator sign-in',
      rule: ADMIN_LOGIN_RULE,
      send: async (base, _, client) =>
        accepted(
          await postJson(
            `${base}${apiPaths.adminLogin}`,
            { password: 'a wrong guess' },
            { ...client, ...ownOrigin(base) },
          ),
        ),
    },
    {
      name: 'analytics',
      rule: ANALYTICS_RULE,
      size: 2 * ANALYTICS_RULE.limit,
      send: async (base, index, client) =>
        (
          await postJson(
            `${base}${apiPaths.analyticsPageView}`,
            { path: '/', referrer: null },
            {
              ...client,
              'X-Visitor-ID': `Visitor${String(index).padStart(9, '0')}`,
              'X-Session-ID': `Session${String(index).padStart(5, '0')}`,
            },
          )
        ).status === 204,
    },
  ];

  /** The most a burst may get through: the limit on one instance, an eighth more on several. */
  const allowed = (limit: number) => (servers.length === 1 ? limit : Math.floor((limit * 9) / 8));

  it.each(cases)('holds for $name', async ({ rule, send, size = BURST, rotateClients }) => {
    await awayFromWindowEdge(rule.windowSeconds);
    const bases = servers.map((server) => server.url);
    const shared = newClient();
    const results = await Promise.all(
      Array.from({ length: size }, (_, index) =>
        send(bases[index % bases.length]!, index, rotateClients ? newClient() : shared),
      ),
    );
    const through = results.filter(Boolean).length;
    expect(through).toBeLessThanOrEqual(allowed(rule.limit));
    // Not refused wholesale either: a burst gets at least the limit's share decided in memory.
    expect(through).toBeGreaterThan(0);
  });

  it('holds for chat joins', async () => {
    const rule = DEFAULT_CHAT_RATE_RULES.join;
    await awayFromWindowEdge(rule.windowSeconds);
    const through = await joinBurst(
      servers.map((server) => server.url),
      newClient(),
    );
    expect(through).toBeLessThanOrEqual(allowed(rule.limit));
    expect(through).toBeGreaterThan(0);
  });

  it('keys IPv6 clients by their /64: sixty addresses of one network share one limit', async () => {
    const rule = DEFAULT_CHAT_RATE_RULES.create;
    await awayFromWindowEdge(rule.windowSeconds);
    const network = `2001:db8:${crypto.randomInt(0xffff).toString(16)}:42`;
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        postJson(
          `${servers[index % servers.length]!.url}${apiPaths.chatCreate}`,
          { duration: '15' },
          { 'X-Forwarded-For': `${network}::${(index + 1).toString(16)}` },
        ),
      ),
    );
    const created = results.filter((response) => response.status === 201).length;
    expect(created).toBeLessThanOrEqual(allowed(rule.limit));
    // Another /64 is another client.
    const neighbour = await postJson(
      `${servers[0]!.url}${apiPaths.chatCreate}`,
      { duration: '15' },
      { 'X-Forwarded-For': `2001:db8:ffff:43::1` },
    );
    expect(neighbour.status).toBe(201);
  });

  describe('the hourly budget of file bytes', () => {
    const withFiles = (base: string, size: number, client: Record<string, string>) =>
      postJson(
        `${base}${apiPaths.notes}`,
        note({ files: [{ meta: fakeEnvelope(200), size }] }),
        client,
      );

    it('holds for a burst of notes with files, whichever instance takes each', async () => {
      await awayFromWindowEdge(HOUR_SECONDS);
      const bases = servers.map((server) => server.url);
      const client = newClient();
      // 51 to 100 MiB each: some light enough to be let through from memory, most not; the 30
      // the note-creation limit lets by ask for more than the budget whichever they are.
      const sizes = Array.from({ length: BURST }, (_, index) => (((index * 37) % 50) + 51) * MIB);
      const answers = await Promise.all(
        sizes.map((size, index) => withFiles(bases[index % bases.length]!, size, client)),
      );
      const taken = bytesTaken(sizes, answers);
      expect(taken).toBeLessThanOrEqual(allowed(DEFAULT_FILE_BYTES_PER_HOUR));
      expect(taken).toBeGreaterThan(0);
      // The budget refused some, not only the note-creation limit.
      const scopes = await Promise.all(answers.map(refusedScope));
      expect(scopes).toContain('file-bytes');
    });

    it('charges a client’s notes and answers alike, to the byte, never text, never another client', async () => {
      await awayFromWindowEdge(HOUR_SECONDS);
      const bases = servers.map((server) => server.url);
      const client = newClient();
      // Ten notes of 100 MiB, taken in turn by each instance: 1,000 of the 1,024 MiB.
      for (let i = 0; i < 10; i++) {
        expect((await withFiles(bases[i % bases.length]!, 100 * MIB, client)).status).toBe(201);
      }
      // An answer's files come out of the same budget: 25 MiB would pass it, 24 fit exactly.
      const made = await postJson(
        `${bases[0]}${apiPaths.requests}`,
        { label: fakeEnvelope(), claimVerifier: 'A'.repeat(43), expiration: '1d' },
        newClient(),
      );
      const { requestId } = (await made.json()) as { requestId: string };
      const answer = (size: number) =>
        postJson(
          `${bases.at(-1)}${apiPaths.requestAnswer(requestId)}`,
          {
            ephemeralKey: 'A'.repeat(43),
            content: fakeEnvelope(),
            files: [{ meta: fakeEnvelope(200), size }],
          },
          client,
        );
      const over = await answer(25 * MIB);
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refusedScope(over)).toBe('file-bytes');
      expect((await answer(24 * MIB)).status).toBe(201);
      // Spent: even one byte more is refused, on either instance.
      for (const base of bases) {
        expect(await refusedScope(await withFiles(base, 1, client))).toBe('file-bytes');
      }
      // A note without files is not charged, and another client has a budget of its own.
      expect((await postJson(`${bases[0]}${apiPaths.notes}`, note(), client)).status).toBe(201);
      expect((await withFiles(bases[0]!, 100 * MIB, newClient())).status).toBe(201);
    });

    it('keys IPv6 clients by their /64: forty addresses of one network share one budget', async () => {
      await awayFromWindowEdge(HOUR_SECONDS);
      const network = `2001:db8:${crypto.randomInt(0xffff).toString(16)}`;
      const shared = `${network}:44`;
      const sizes = Array.from({ length: 40 }, () => 100 * MIB);
      const answers = await Promise.all(
        sizes.map((size, index) =>
          withFiles(servers[index % servers.length]!.url, size, {
            'X-Forwarded-For': `${shared}::${(index + 1).toString(16)}`,
          }),
        ),
      );
      // Each address alone would be far within it: forty notes of 100 MiB are 4,000 MiB.
      expect(bytesTaken(sizes, answers)).toBeLessThanOrEqual(allowed(DEFAULT_FILE_BYTES_PER_HOUR));
      expect(await Promise.all(answers.map(refusedScope))).toContain('file-bytes');
      // Another /64 is another client.
      const neighbour = await withFiles(servers[0]!.url, 100 * MIB, {
        'X-Forwarded-For': `${network}:45::1`,
      });
      expect(neighbour.status).toBe(201);
    });
  });

  it('mailed that one inbox no more codes than its cap, however the sign-ups spelt it', () => {
    // The burst of sign-ups for Sam's inbox (from as many addresses) has been answered, and a
    // code is mailed before its sign-up is answered.
    const toSam = smtp.mails.filter((mail) =>
      mail.to.some((to) => mailboxKey(to) === mailboxKey(samsInbox(0))),
    );
    expect(toSam.length).toBeGreaterThan(0);
    expect(toSam.length).toBeLessThanOrEqual(allowed(NEWSLETTER_RATE_RULES.mailsPerMailbox.limit));
  });
});

import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import { TEST_DATABASES, createTestStore, type TestStore } from '../testing/test-server.ts';
import { notesRepository, type NewNote, type NotesRepository } from './notes.repository.ts';
import { partsInMemory } from './upload/note-request.ts';

/** A reader's download token's hash: these notes have no files to download. */
const downloadVerifier = () => crypto.randomBytes(32);

/** A note whose content names it, so a reader given another's note would show. */
function newNote(overrides: Partial<Omit<NewNote, 'parts'>> & { parts?: string[] } = {}): NewNote {
  const id = crypto.randomBytes(16).toString('base64url');
  const { parts = [], ...rest } = overrides;
  return {
    id,
    content: `content of ${id}`,
    partsPerImage: [],
    verifier: crypto.randomBytes(32),
    linkVerifier: crypto.randomBytes(32),
    statusVerifier: null,
    kdf: null,
    expiresInSeconds: 3600,
    sealedReceiptAddress: null,
    files: [],
    uploadVerifier: null,
    ...rest,
    parts: partsInMemory(parts),
  };
}

// Callers asking in the same turn share one statement (see statementBatch); these check that
// each still gets exactly what its own statement would have given it.
describe.each(TEST_DATABASES)('notes asked for together on %s', (kind) => {
  let store: TestStore;
  let database: Database;
  let repo: NotesRepository;

  beforeAll(async () => {
    store = await createTestStore(kind);
    database = await openDatabase(loadConfig(store.env), createLogger('silent'));
    repo = notesRepository(database);
  });
  afterAll(async () => {
    await database.close();
    await store.drop();
  });

  it('stores notes of every shape and gives each reader its own note', async () => {
    const notes = [
      newNote(),
      newNote({ kdf: { salt: 'c2FsdHNhbHRzYWx0c2FsdA', iterations: 600_000 } }),
      newNote({ partsPerImage: [2, 1], parts: ['part-a0', 'part-a1', 'part-b0'] }),
      newNote(),
      newNote(),
    ];
    const expiries = await Promise.all(notes.map((note) => repo.insert(note)));

    const states = await Promise.all(notes.map((note) => repo.state(note.id)));
    expect(states).toEqual(
      notes.map((note, index) => ({
        kind: 'live',
        hasPassword: note.kdf !== null,
        kdf: note.kdf,
        expiresAt: expiries[index],
        attachmentCount: note.partsPerImage.length,
        fileCount: 0,
      })),
    );

    const wrong = crypto.randomBytes(32);
    const taken = await Promise.all(
      notes.map((note, index) =>
        repo.takeWithVerifier(note.id, index === 3 ? wrong : note.verifier, downloadVerifier()),
      ),
    );
    expect(taken).toEqual(
      notes.map((note, index) =>
        index === 3
          ? null
          : { content: note.content, partsPerImage: note.partsPerImage, fileCount: 0, receipts: 0 },
      ),
    );
    expect(await repo.takePart(notes[2]!.id, 1, 0)).toBe('part-b0');
    expect((await repo.state(notes[0]!.id)).kind).toBe('destroyed');
    expect((await repo.state(notes[3]!.id)).kind).toBe('live');
    expect(
      await repo.takeWithVerifier(notes[3]!.id, notes[3]!.verifier, downloadVerifier()),
    ).toMatchObject({
      content: notes[3]!.content,
    });
  });

  it('gives a note to exactly one of the readers asking for it in the same turn', async () => {
    const note = newNote();
    const other = newNote();
    await Promise.all([repo.insert(note), repo.insert(other)]);
    const taken = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        repo.takeWithVerifier(note.id, note.verifier, downloadVerifier()),
      ),
      repo.takeWithVerifier(other.id, other.verifier, downloadVerifier()),
    ]);
    expect(taken.filter((result) => result?.content === note.content)).toHaveLength(1);
    expect(taken.filter((result) => result === null)).toHaveLength(9);
    expect(taken.at(-1)?.content).toBe(other.content);
  });

  it('fails only the note that cannot be stored when others are stored with it', async () => {
    const existing = newNote();
    await repo.insert(existing);
    const [first, clash, last] = [newNote(), newNote({ id: existing.id }), newNote()];
    const settled = await Promise.allSettled([first, clash, last].map((note) => repo.insert(note)));
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    for (const note of [first, last]) {
      expect(await repo.takeWithVerifier(note.id, note.verifier, downloadVerifier())).toMatchObject(
        {
          content: note.content,
        },
      );
    }
    expect(
      await repo.takeWithVerifier(existing.id, existing.verifier, downloadVerifier()),
    ).toMatchObject({
      content: existing.content,
    });
  });
});

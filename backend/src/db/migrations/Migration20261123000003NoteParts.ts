import type { SchemaMigration } from '../migrate.ts';

/**
 * Hardening of notes:
 * - Images move into `note_part`, each image cut into parts of at most 1 MiB, one row each: a
 *   10 MB image is written and read in statements that each take a moment, so it never holds the
 *   embedded database (or the event loop parsing a 70 MB row) for seconds.
 * - `link_verifier`: SHA-256 of the link proof, so wrong passwords count against a note only when
 *   they come from someone who has the link (notes made before it have none and count as before).
 * - Ciphertext is stored without compression attempts (it does not compress).
 */
export const Migration20261123000003NoteParts: SchemaMigration = {
  name: 'Migration20261123000003NoteParts',

  async up(run) {
    await run(`create table note_part (
      note_id text not null,
      image smallint not null,
      seq integer not null,
      data text not null,
      created_at timestamptz not null default now(),
      primary key (note_id, image, seq)
    )`);
    await run('alter table note_part alter column data set storage external');
    await run('create index note_part_created_at_idx on note_part (created_at)');
    await run(`alter table note add column image_parts integer[] not null default '{}'`);
    // Notes stored before this migration keep their images, each as a single part.
    await run(`insert into note_part (note_id, image, seq, data)
      select n.id, i - 1, 0, n.images[i] from note n, generate_subscripts(n.images, 1) as i`);
    await run(`update note set image_parts = array_fill(1, array[cardinality(images)])
      where cardinality(images) > 0`);
    await run('alter table note drop column images');
    await run('alter table note add column link_verifier bytea null');
    await run('alter table note alter column content set storage external');
  },
};

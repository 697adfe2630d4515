/** The raw baselines' table and statements: one insert and one delete-returning per cycle. */
export const BASELINE_TABLE = `create table if not exists bench_note (id text primary key, content text not null, verifier bytea not null, expires_at timestamptz not null)`;
export const INSERT =
  "insert into bench_note (id, content, verifier, expires_at) values ($1, $2, $3, now() + interval '1 day')";
export const DELETE_RETURNING =
  'delete from bench_note where id = $1 and verifier = $2 returning content';

/** The files bench's baseline: a file's chunks stored as `note_file_chunk` stores them. */
export const FILE_CHUNK_BASELINE_TABLE = [
  `create table if not exists bench_file_chunk (note_id text not null, file smallint not null, chunk integer not null, data bytea not null, primary key (note_id, file, chunk))`,
  'alter table bench_file_chunk alter column data set storage external',
];

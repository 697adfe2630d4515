import type { SchemaMigration } from '../migrate.ts';

/**
 * Chat rooms, their two seats, and the liveness of the instances holding seats. There is
 * deliberately no column for messages: the server relays ciphertext and keeps none
 * (DESIGN §1 chat).
 */
export const Migration20261122000002Chat: SchemaMigration = {
  name: 'Migration20261122000002Chat',

  async up(run) {
    await run(`create table chat_room (
      id text primary key,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`);
    await run('create index chat_room_expires_at_idx on chat_room (expires_at)');

    // One row per running instance, renewed every tick: the seats of its live sockets stay held
    // until `holds_until` (a few ticks plus the rejoin grace). One write per instance per tick,
    // however many sockets it holds; an instance that dies stops renewing and its seats lapse.
    await run(`create table chat_instance (
      id text primary key,
      holds_until timestamptz not null
    )`);

    // The primary key (room_id, slot) with slot in (1, 2) is what caps a room at two people,
    // whichever instance the joins arrive on. `connection` identifies the participant's latest
    // join (a rejoin replaces it). A seat is held through `instance` while its socket is up,
    // and until `held_until` (the end of the rejoin grace) once it has dropped.
    await run(`create table chat_participant (
      room_id text not null references chat_room (id) on delete cascade,
      slot smallint not null check (slot in (1, 2)),
      participant_id text not null,
      connection text not null,
      instance text null,
      held_until timestamptz null,
      check ((instance is null) <> (held_until is null)),
      primary key (room_id, slot),
      unique (room_id, participant_id)
    )`);
    await run('create index chat_participant_connection_idx on chat_participant (connection)');
    await run(
      'create index chat_participant_instance_idx on chat_participant (instance) where instance is not null',
    );
  },
};

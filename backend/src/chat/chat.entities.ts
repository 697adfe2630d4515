import { defineEntity, p } from '@mikro-orm/core';

/**
 * Chat rooms, their two seats, and the liveness of the instances holding seats. There is
 * deliberately no entity for messages: the server relays ciphertext and keeps none (DESIGN §1).
 */

export const ChatRoom = defineEntity({
  name: 'ChatRoom',
  tableName: 'chat_room',
  properties: {
    id: p.text().primary(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    expiresAt: p.datetime().columnType('timestamptz').index('chat_room_expires_at_idx'),
  },
});

/**
 * One row per running instance, renewed every tick: the seats of its live sockets stay held
 * until `holdsUntil` (a few ticks plus the rejoin grace). An instance that dies stops renewing
 * and its seats lapse.
 */
export const ChatInstance = defineEntity({
  name: 'ChatInstance',
  tableName: 'chat_instance',
  properties: {
    id: p.text().primary(),
    holdsUntil: p.datetime().columnType('timestamptz'),
  },
});

/**
 * A seat. The key (room, slot) with slot 1 or 2 is what caps a room at two people, whichever
 * instance the joins arrive on. `connection` names the participant's latest join (a rejoin
 * replaces it). A seat is held through `instance` while its socket is up, and until `heldUntil`
 * (the end of the rejoin grace) once it has dropped: exactly one of the two is set.
 */
export const ChatParticipant = defineEntity({
  name: 'ChatParticipant',
  tableName: 'chat_participant',
  uniques: [
    { name: 'chat_participant_room_id_participant_id_key', properties: ['room', 'participantId'] },
  ],
  indexes: [
    { name: 'chat_participant_connection_idx', properties: ['connection'] },
    {
      name: 'chat_participant_instance_idx',
      expression:
        'create index chat_participant_instance_idx on chat_participant (instance) where instance is not null',
    },
  ],
  checks: [
    { name: 'chat_participant_slot_check', expression: 'slot in (1, 2)' },
    { name: 'chat_participant_check', expression: '(instance is null) <> (held_until is null)' },
  ],
  properties: {
    room: () =>
      p
        .manyToOne(ChatRoom)
        .primary()
        .deleteRule('cascade')
        .foreignKeyName('chat_participant_room_id_fkey'),
    slot: p.smallint().primary(),
    participantId: p.text(),
    connection: p.text(),
    instance: p.text().nullable(),
    heldUntil: p.datetime().columnType('timestamptz').nullable(),
  },
});

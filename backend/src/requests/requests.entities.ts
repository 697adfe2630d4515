import { defineEntity, p } from '@mikro-orm/core';

/**
 * A request for a secret: the label sealed with a key only the two links give, the verifier of
 * the claim proof, and once answered the responder's ephemeral public key. The answer itself
 * is a note under the same id (see requests.repository.ts). Nothing here opens the label or the
 * answer: the requester's key pair lives only in the links.
 */
export const SecretRequest = defineEntity({
  name: 'SecretRequest',
  tableName: 'secret_request',
  properties: {
    id: p.text().primary(),
    label: p.text(),
    claimVerifier: p.type('uint8array').columnType('bytea'),
    ephemeralKey: p.text().nullable(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    answeredAt: p.datetime().columnType('timestamptz').nullable(),
    expiresAt: p.datetime().columnType('timestamptz').index('secret_request_expires_at_idx'),
  },
});

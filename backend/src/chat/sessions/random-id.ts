import crypto from 'node:crypto';

/** 128 random bits: this instance's name, a join's connection token, a message's id. */
export const randomId = () => crypto.randomBytes(16).toString('base64url');

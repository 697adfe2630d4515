import crypto from 'node:crypto';

/**
 * What the server keeps about a mailbox at rest is sealed with MAIL_KEY (AES-256-GCM): a
 * database dump alone does not reveal who is waiting for a read receipt or reading the
 * newsletter. The layout is IV (12 bytes), tag (16 bytes), ciphertext.
 */
export function sealText(key: Buffer, text: string): Buffer {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function unsealText(key: Buffer, sealed: Uint8Array): string {
  const bytes = Buffer.from(sealed);
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

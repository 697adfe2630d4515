/**
 * The slice of node-forge the fallback engine uses, imported by file path. Declared here instead
 * of using @types/node-forge because that package references Node's types, which would leak Node
 * globals (`process`, `Buffer`) into the shared and renderer type worlds. The modules other than
 * forge.js register themselves on the forge object when imported.
 */
declare module 'node-forge/lib/aes.js';
declare module 'node-forge/lib/hmac.js';
declare module 'node-forge/lib/pbkdf2.js';
declare module 'node-forge/lib/random.js';
declare module 'node-forge/lib/sha256.js';

declare module 'node-forge/lib/forge.js' {
  interface ByteStringBuffer {
    getBytes(): string;
    length(): number;
  }

  interface MessageDigest {
    update(bytes: string): MessageDigest;
    digest(): ByteStringBuffer;
  }

  interface Hmac {
    start(md: 'sha256', key: string): void;
    update(bytes: string): void;
    digest(): ByteStringBuffer;
  }

  interface BlockCipher {
    start(options: {
      iv: string;
      additionalData: string;
      tagLength: 128;
      tag?: ByteStringBuffer;
    }): void;
    update(input: ByteStringBuffer): void;
    finish(): boolean;
    output: ByteStringBuffer;
    mode: { tag: ByteStringBuffer };
  }

  const forge: {
    options: { usePureJavaScript: boolean };
    md: { sha256: { create(): MessageDigest } };
    hmac: { create(): Hmac };
    pkcs5: {
      pbkdf2(
        password: string,
        salt: string,
        iterations: number,
        keyLength: number,
        md: 'sha256',
      ): string;
    };
    cipher: {
      createCipher(algorithm: 'AES-GCM', key: string): BlockCipher;
      createDecipher(algorithm: 'AES-GCM', key: string): BlockCipher;
    };
    util: { createBuffer(bytes?: string): ByteStringBuffer };
    random: { getBytesSync(count: number): string };
  };
  export default forge;
}

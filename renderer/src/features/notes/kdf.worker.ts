import { createNoteKeys, deriveNoteKeys, isCryptoError } from '../../../../shared/crypto/index.ts';
import type { KdfRequest, KdfResponse } from './kdfProtocol.ts';

/**
 * Note key derivation off the main thread: PBKDF2 with 600,000 iterations takes about a second
 * with WebCrypto and several with the @noble fallback, which would freeze the page. The
 * keys go back to the page only; nothing here logs or sends them anywhere.
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<KdfRequest>) => void) | null;
  postMessage(message: KdfResponse): void;
};

scope.onmessage = (event) => {
  const request = event.data;
  const work =
    request.kind === 'create'
      ? createNoteKeys({ password: request.password })
      : deriveNoteKeys(request.linkKey, request.password, request.kdf);
  work.then(
    (keys) => scope.postMessage({ id: request.id, ok: true, keys }),
    (error: unknown) =>
      scope.postMessage({
        id: request.id,
        ok: false,
        code: isCryptoError(error) ? error.code : undefined,
      }),
  );
};

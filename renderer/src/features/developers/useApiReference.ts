import { useEffect, useState } from 'react';
import { apiPaths } from '../../../../shared/api/paths.ts';
import { NetworkError, apiGet } from '../../api/client.ts';
import { apiReference, openApiDocumentSchema, type ApiReference } from './apiReference.ts';

export type ReferenceState =
  | { kind: 'loading' }
  | { kind: 'ready'; reference: ApiReference }
  | { kind: 'failed'; offline: boolean };

/**
 * The reference of the server in use, from its own GET /api/openapi.json: the page documents
 * exactly what that server runs (a desktop app's hosted server may be another version than
 * this bundle), and its chunk stays small, without the schemas or zod's JSON Schema writer.
 */
export function useApiReference(): ReferenceState {
  const [state, setState] = useState<ReferenceState>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    apiGet(apiPaths.openapi, openApiDocumentSchema, { signal: controller.signal }).then(
      (document) => setState({ kind: 'ready', reference: apiReference(document) }),
      (error: unknown) => {
        if (!controller.signal.aborted) {
          setState({ kind: 'failed', offline: error instanceof NetworkError });
        }
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}

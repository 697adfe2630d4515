import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  InvalidResponseError,
  NetworkError,
  apiDelete,
  apiGet,
  apiPost,
} from './client.ts';

const okSchema = z.object({ ok: z.boolean() });

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async (_input: string | URL | Request, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200, statusText = 'OK') =>
  new Response(JSON.stringify(body), { status, statusText });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('GETs with same-origin credentials, without a content type, and parses with the schema', async () => {
    const fetchMock = stubFetch(json({ ok: true }));
    await expect(apiGet('/api/x', okSchema)).resolves.toEqual({ ok: true });
    const [path, init] = fetchMock.mock.calls[0];
    expect(path).toBe('/api/x');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });

  it('POSTs a JSON body with a JSON content type', async () => {
    const fetchMock = stubFetch(json({ ok: true }));
    await apiPost('/api/x', { a: 1 }, okSchema);
    const [, init] = fetchMock.mock.calls[0];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('sends no content type for a bodiless POST', async () => {
    const fetchMock = stubFetch(json({ ok: true }));
    await apiPost('/api/x', undefined, okSchema);
    const [, init] = fetchMock.mock.calls[0];
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });

  it('throws ApiError with status, code and "status: body" message', async () => {
    const body = { error: { code: 'NOT_FOUND', message: 'Note not found' } };
    stubFetch(json(body, 404, 'Not Found'));
    const error = await apiGet('/api/x', okSchema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(404);
    expect(apiError.code).toBe('NOT_FOUND');
    expect(apiError.body?.message).toBe('Note not found');
    expect(apiError.message).toBe(`404: ${JSON.stringify(body)}`);
  });

  it('falls back to the status text and leaves code undefined for a non-contract body', async () => {
    stubFetch(new Response('', { status: 502, statusText: 'Bad Gateway' }));
    const error = (await apiGet('/api/x', okSchema).catch((caught: unknown) => caught)) as ApiError;
    expect(error.message).toBe('502: Bad Gateway');
    expect(error.code).toBeUndefined();
  });

  it('rejects a 2xx answer that breaks the contract', async () => {
    stubFetch(json({ ok: 'yes' }));
    await expect(apiGet('/api/x', okSchema)).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('wraps a failed fetch in NetworkError', async () => {
    stubFetch(new TypeError('fetch failed'));
    await expect(apiGet('/api/x', okSchema)).rejects.toBeInstanceOf(NetworkError);
  });

  it('DELETEs without needing a response body', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await expect(apiDelete('/api/x')).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0][1]?.method).toBe('DELETE');
  });
});

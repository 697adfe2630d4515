import { describe, expect, it, vi } from 'vitest';
import { createLinkDispatcher, pathFromArgv, type LinkTarget } from './deep-links.ts';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const KEY = 'k'.repeat(43);

describe('pathFromArgv', () => {
  it('finds the link among the launch arguments', () => {
    expect(pathFromArgv(['--no-sandbox', `ashnote://note/${ID}#${KEY}`], null)).toBe(
      `/note/${ID}#${KEY}`,
    );
    expect(
      pathFromArgv(
        ['.', `https://notes.example.org/chat/${ID}#${KEY}`],
        'https://notes.example.org',
      ),
    ).toBe(`/chat/${ID}#${KEY}`);
  });

  it('ignores flags, the app folder and anything that is not a link of ours', () => {
    expect(pathFromArgv([], null)).toBeNull();
    expect(
      pathFromArgv(['/opt/Ashnote', '--inspect', `--x=ashnote://note/${ID}#${KEY}`], null),
    ).toBeNull();
    expect(
      pathFromArgv([`https://evil.example/note/${ID}#${KEY}`], 'https://notes.example.org'),
    ).toBeNull();
  });
});

function fakeWindow(loading = false): LinkTarget & { state: { loading: boolean } } {
  const state = { loading };
  return {
    state,
    isLoading: () => state.loading,
    sendPath: vi.fn(),
    loadPath: vi.fn(),
    focus: vi.fn(),
  };
}

describe('link dispatcher', () => {
  it('holds a link that arrives before the window, and makes it the first page', () => {
    const links = createLinkDispatcher();
    links.open(`/note/${ID}#${KEY}`);
    const window = fakeWindow(true);
    expect(links.attach(window)).toBe(`/note/${ID}#${KEY}`);
    expect(window.sendPath).not.toHaveBeenCalled();
  });

  it('opens home when no link is waiting', () => {
    expect(createLinkDispatcher().attach(fakeWindow())).toBe('/');
  });

  it('sends a later link to the running page, without a reload, and brings it forward', () => {
    const links = createLinkDispatcher();
    const window = fakeWindow();
    links.attach(window);
    links.open(`/chat/${ID}#${KEY}`);
    expect(window.sendPath).toHaveBeenCalledExactlyOnceWith(`/chat/${ID}#${KEY}`);
    expect(window.loadPath).not.toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalledOnce();
  });

  it('loads the route when the page cannot take a message yet', () => {
    const links = createLinkDispatcher();
    const window = fakeWindow(true);
    links.attach(window);
    links.open('/settings');
    expect(window.loadPath).toHaveBeenCalledExactlyOnceWith('/settings');
  });

  it('holds links again once the window is gone', () => {
    const links = createLinkDispatcher();
    const window = fakeWindow();
    links.attach(window);
    links.detach(window);
    links.open('/faq');
    expect(window.sendPath).not.toHaveBeenCalled();
    expect(links.attach(fakeWindow())).toBe('/faq');
  });
});

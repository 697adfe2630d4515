import { createContext, useContext, useState, type ReactNode } from 'react';

/**
 * Element ids for labels and ARIA references that come out the same in the build's
 * pre-rendered page and in the browser taking it over. Preact numbers `useId` in the order
 * components first render, and parts whose code loads on demand render in a different order
 * in the browser (when their code arrives) than in the build (where they are waited for);
 * an element taken over keeps the build's id while the app would refer to it by its own, and
 * a reference added later (an error message) would point nowhere. Here ids are numbered within
 * a scope instead: the app's root is one, and each part that loads on demand another, named by
 * the part and created where the part sits before its code arrives. A part's ids so depend on
 * the part alone, and come out the same each time it is rendered anew (a part that waits for
 * its code is rendered anew once it has come, unless it is being taken over).
 */

interface Scope {
  readonly prefix: string;
  /** The scope's next id: `<prefix>-0`, `<prefix>-1`, … */
  take(): string;
}

function scopeOf(prefix: string): Scope {
  let next = 0;
  return { prefix, take: () => `${prefix}-${next++}` };
}

const ScopeContext = createContext<Scope | null>(null);

/** The app's scope (no `name`), or a part's within it. */
export function IdScope({ name, children }: { name?: string; children: ReactNode }) {
  const parent = useContext(ScopeContext);
  const [scope] = useState(() =>
    scopeOf(parent && name !== undefined ? `${parent.prefix}-${name}` : 'id'),
  );
  return <ScopeContext.Provider value={scope}>{children}</ScopeContext.Provider>;
}

/** An id unique in the page, the same in the pre-rendered page and in the browser. */
export function useId(): string {
  const scope = useContext(ScopeContext);
  if (!scope) throw new Error('useId is used outside the app (no IdScope above it)');
  const [id] = useState(() => scope.take());
  return id;
}

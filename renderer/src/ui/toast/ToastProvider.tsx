import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import type { ReactNode } from 'react';
import { currentToastAtom } from './toastState.ts';

const loadToaster = () => import('./Toaster.tsx');
const Toaster = lazy(async () => ({ default: (await loadToaster()).Toaster }));

/**
 * Wraps the app once; `useToast()` anywhere below shows a toast. The toast machinery (Radix,
 * 12 KB gzip) is not part of any page: a toast only ever follows something the visitor did, so
 * it starts loading at their first touch, click or key press, and mounts with the first toast,
 * which waits in `currentToastAtom` until it has arrived.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    // A failed prefetch costs nothing: the first toast asks again.
    const prefetch = () => void loadToaster().catch(() => undefined);
    const options = { capture: true, once: true, passive: true } as const;
    window.addEventListener('pointerdown', prefetch, options);
    window.addEventListener('keydown', prefetch, options);
    return () => {
      window.removeEventListener('pointerdown', prefetch, options);
      window.removeEventListener('keydown', prefetch, options);
    };
  }, []);
  return (
    <>
      {children}
      <ToasterOnceAsked />
    </>
  );
}

/** Apart from the provider so that a toast re-renders this alone, never the app. */
function ToasterOnceAsked() {
  // Once set, the atom never goes back to null (a closed toast stays, closed).
  const asked = useAtomValue(currentToastAtom) !== null;
  return asked ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

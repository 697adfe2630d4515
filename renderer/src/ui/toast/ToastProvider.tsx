import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';

/**
 * The toast machinery (Radix) loads right after the first paint instead of with it: a toast
 * asked for before it arrives waits in `currentToastAtom` and shows as soon as it does.
 */
const Toaster = lazy(async () => ({ default: (await import('./Toaster.tsx')).Toaster }));

/** Wraps the app once; `useToast()` anywhere below shows a toast. */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </>
  );
}

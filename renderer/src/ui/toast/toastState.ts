import { atom, useSetAtom } from 'jotai';
import { useCallback } from 'react';

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  /** Already translated. */
  title: string;
  /** Already translated. */
  description?: string;
  variant?: ToastVariant;
}

export interface ToastEntry extends ToastOptions {
  id: number;
  open: boolean;
}

/** The one toast on screen (at most one is ever visible: a new one replaces it). */
export const currentToastAtom = atom<ToastEntry | null>(null);

let lastId = 0;

export function useToast() {
  const setCurrent = useSetAtom(currentToastAtom);

  const dismiss = useCallback(
    (id?: number) =>
      setCurrent((current) =>
        current && (id === undefined || current.id === id) ? { ...current, open: false } : current,
      ),
    [setCurrent],
  );

  const toast = useCallback(
    (options: ToastOptions) => {
      lastId += 1;
      const id = lastId;
      setCurrent({ variant: 'default', ...options, id, open: true });
      return { id, dismiss: () => dismiss(id) };
    },
    [setCurrent, dismiss],
  );

  return { toast, dismiss };
}

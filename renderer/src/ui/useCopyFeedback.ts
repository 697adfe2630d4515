import { useEffect, useState } from 'react';
import { platform } from '../platform/index.ts';
import type { CopyOptions } from '../platform/index.ts';
import { useToast } from './toast/index.ts';
import type { ToastOptions } from './toast/index.ts';

/** How long a copy button keeps saying "Copied". */
const COPY_FEEDBACK_MS = 2000;

interface CopyToasts {
  /** Already translated. */
  done: ToastOptions;
  /** Already translated; always shown as destructive. */
  failed: Omit<ToastOptions, 'variant'>;
}

/**
 * Copies text through the platform and says how it went in a toast; `copied` stays true for
 * COPY_FEEDBACK_MS so the button itself can confirm too.
 */
export function useCopyFeedback() {
  const { toast } = useToast();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy(text: string, toasts: CopyToasts, options?: CopyOptions) {
    try {
      await platform.copyText(text, options);
      setCopied(true);
      toast(toasts.done);
    } catch {
      toast({ ...toasts.failed, variant: 'destructive' });
    }
  }

  return { copied, copy };
}

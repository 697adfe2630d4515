import { useMemo, useSyncExternalStore } from 'react';
import type { LanguageCode } from '../../../shared/languages.ts';
import { currentLanguage, onLanguageChange, translator } from './index.ts';
import type { Namespace, TFunction } from './index.ts';

/**
 * The texts of `namespace` (the app's by default) in the language on screen, and that language;
 * the component renders again when it changes.
 */
export function useTranslation<N extends Namespace = 'translation'>(
  namespace?: N,
): { t: TFunction<N>; language: LanguageCode } {
  const language = useSyncExternalStore(onLanguageChange, currentLanguage);
  const t = useMemo(
    () => translator(namespace ?? ('translation' as N), language),
    [namespace, language],
  );
  return { t, language };
}

import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import { platform } from '../platform/index.ts';
import { VisuallyHidden } from './VisuallyHidden.tsx';

interface ExternalLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  children: ReactNode;
}

/** True for addresses we are willing to link out to (https only). */
export function isExternalHref(href: string | null | undefined): href is string {
  if (!href) return false;
  try {
    return new URL(href).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A link that leaves the app: a new tab without opener or referrer on the web; on desktop the
 * system browser, through the platform layer.
 */
export function ExternalLink({ href, children, onClick, ...rest }: ExternalLinkProps) {
  const { t } = useTranslation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || platform.kind === 'web') return;
    event.preventDefault();
    void platform.openExternal(href);
  };
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" onClick={handleClick} {...rest}>
      {children}
      <VisuallyHidden> {t('common.opensInNewTab')}</VisuallyHidden>
    </a>
  );
}

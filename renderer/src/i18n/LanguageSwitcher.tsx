import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from './useTranslation.ts';
import styled from 'styled-components';
import { LANGUAGES } from '../../../shared/languages.ts';
import type { LanguageCode } from '../../../shared/languages.ts';
import { buttonStyles } from '../ui/Button.tsx';
import { CheckIcon, ChevronDownIcon } from '../ui/icons.tsx';
import { changeLanguage, resolveLanguage } from './index.ts';
import { fontSize, layer, radius, space } from '../ui/tokens.ts';
import { useId } from '../ui/ids.tsx';

/** The language the interface is shown in right now (re-renders on change). */
export function useCurrentLanguage() {
  const { language } = useTranslation();
  return resolveLanguage(language ?? language);
}

/** One button that moves to the next language on each press: for tight spaces. */
export function LanguageSwitcherCompact() {
  const current = useCurrentLanguage();
  const index = LANGUAGES.findIndex((language) => language.code === current.code);
  const next = LANGUAGES[(index + 1) % LANGUAGES.length];

  return (
    <SwitcherButton
      $variant="ghost"
      onClick={() => void changeLanguage(next.code)}
      data-testid="language-switcher-compact"
    >
      <CodeBadge aria-hidden="true" data-code={current.code} />
      {/* The name, not the code: what is visible must be part of the button's name (WCAG 2.5.3). */}
      <span lang={current.code}>{current.name}</span>
    </SwitcherButton>
  );
}

/**
 * A menu listing every language with its flag and name, the current one checked: the WAI-ARIA
 * menu button pattern (arrow keys, Home/End, Escape returns to the button, Tab or a click
 * elsewhere closes). Written here rather than taken from a menu library, which would have
 * brought a positioning engine and scroll locking to every page for one list.
 */
export function LanguageSwitcherDropdown() {
  const { t } = useTranslation();
  const current = useCurrentLanguage();
  /** The item to focus while the menu is open (set on opening only), or null when closed. */
  const [openAt, setOpenAt] = useState<number | null>(null);
  const open = openAt !== null;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();
  const currentIndex = LANGUAGES.findIndex((language) => language.code === current.code);

  useLayoutEffect(() => {
    if (openAt !== null) itemRefs.current[openAt]?.focus();
  }, [openAt]);

  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenAt(null);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpenAt(null);
    if (returnFocus) buttonRef.current?.focus();
  };

  const choose = (code: LanguageCode) => {
    close(true);
    void changeLanguage(code);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') setOpenAt(currentIndex);
    else if (event.key === 'ArrowUp') setOpenAt(LANGUAGES.length - 1);
    else return;
    event.preventDefault();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemRefs.current;
    const index = items.findIndex((item) => item === document.activeElement);
    const focusAt = (at: number) => items[(at + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        focusAt(index - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(items.length - 1);
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        // Leaves the menu the way Tab would from the button.
        close(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <Root ref={rootRef}>
      <SwitcherButton
        ref={buttonRef}
        $variant="ghost"
        aria-label={t('language.change', { language: current.name })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : setOpenAt(currentIndex))}
        onKeyDown={onButtonKeyDown}
      >
        <CodeBadge aria-hidden="true" data-code={current.code} />
        <span lang={current.code}>{current.name}</span>
        <ChevronDownIcon />
      </SwitcherButton>
      {open ? (
        <Menu id={menuId} role="menu" aria-label={t('language.label')} onKeyDown={onMenuKeyDown}>
          <MenuLabel aria-hidden="true">{t('language.label')}</MenuLabel>
          {LANGUAGES.map((language, index) => {
            const checked = language.code === current.code;
            return (
              <Item
                key={language.code}
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                tabIndex={-1}
                onClick={() => choose(language.code)}
              >
                <CodeBadge aria-hidden="true" data-code={language.code} />
                <ItemName lang={language.code}>{language.name}</ItemName>
                {checked ? <CheckIcon width={16} height={16} /> : null}
              </Item>
            );
          })}
        </Menu>
      ) : null}
    </Root>
  );
}

const Root = styled.div`
  position: relative;
`;

const SwitcherButton = styled.button.attrs({ type: 'button' })<{ $variant: 'ghost' }>`
  ${buttonStyles}
  padding-inline: ${space[2.5]};
  gap: ${space[1.5]};
  font-weight: 500;
`;

/**
 * The language's code in a small frame where a flag emoji used to be: flags showed as empty
 * boxes on systems without an emoji font, and a flag names a country, not a language (Arabic,
 * Portuguese and Spanish have many). Text in the app's font, so it renders everywhere; drawn by
 * CSS with an empty alternative, so it is no part of the button's text or name: the name a
 * screen reader hears still contains all the visible words (WCAG 2.5.3).
 */
const CodeBadge = styled.span`
  &::before {
    content: attr(data-code) / '';
  }

  min-inline-size: 2.4em;
  padding-block: 1px;
  padding-inline: ${space[1]};
  border: 1px solid currentColor;
  border-radius: ${radius.small};
  font-size: ${fontSize.xs};
  font-weight: 600;
  line-height: 1.3;
  letter-spacing: 0.04em;
  text-align: center;
  text-transform: uppercase;
  opacity: 0.8;
`;

const Menu = styled.div`
  position: absolute;
  inset-block-start: calc(100% + ${space[2]});
  inset-inline-end: 0;
  z-index: ${layer.menu};
  display: flex;
  flex-direction: column;
  min-inline-size: 220px;
  max-block-size: min(560px, calc(100dvh - 96px));
  overflow-y: auto;
  padding: ${space[1.5]};
  background: ${({ theme }) => theme.color.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${radius.medium};
  box-shadow: ${({ theme }) => theme.shadow.overlay};
`;

const MenuLabel = styled.div`
  padding-block: ${space[1.5]};
  padding-inline: ${space[2.5]};
  font-size: ${fontSize.xs};
  font-weight: 600;
  letter-spacing: 0.04em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.textSubtle};
`;

const Item = styled.button`
  display: flex;
  align-items: center;
  gap: ${space[2.5]};
  min-block-size: 38px;
  padding-block: 0;
  padding-inline: ${space[2.5]};
  border: 0;
  border-radius: ${radius.small};
  background: transparent;
  font-size: ${fontSize.base};
  cursor: pointer;

  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.color.surfaceHover};
  }

  &:focus-visible {
    outline-offset: -2px;
  }

  &[aria-checked='true'] {
    color: ${({ theme }) => theme.color.primary};
    font-weight: 600;
  }
`;

const ItemName = styled.span`
  flex: 1;
  text-align: start;
  /* Arabic in an ltr menu (and Latin in an rtl one) keeps its own direction without jumping. */
  unicode-bidi: isolate;
`;

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { LANGUAGES } from '../../../shared/languages.ts';
import type { LanguageCode } from '../../../shared/languages.ts';
import { buttonStyles } from '../ui/Button.tsx';
import { CheckIcon, ChevronDownIcon } from '../ui/icons.tsx';
import { changeLanguage, resolveLanguage } from './index.ts';

function isLanguageCode(value: string): value is LanguageCode {
  return LANGUAGES.some((language) => language.code === value);
}

/** The language the interface is shown in right now (re-renders on change). */
export function useCurrentLanguage() {
  const { i18n } = useTranslation();
  return resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/** One button that moves to the next language on each press: for tight spaces. */
export function LanguageSwitcherCompact() {
  const { t } = useTranslation();
  const current = useCurrentLanguage();
  const index = LANGUAGES.findIndex((language) => language.code === current.code);
  const next = LANGUAGES[(index + 1) % LANGUAGES.length];

  return (
    <SwitcherButton
      $variant="ghost"
      onClick={() => void changeLanguage(next.code)}
      aria-label={t('language.cycle', { current: current.name, next: next.name })}
      data-testid="language-switcher-compact"
    >
      <Flag aria-hidden="true">{current.flag}</Flag>
      <span>{current.code.toUpperCase()}</span>
    </SwitcherButton>
  );
}

/** A menu listing every language with its flag and name, the current one checked. */
export function LanguageSwitcherDropdown() {
  const { t } = useTranslation();
  const current = useCurrentLanguage();

  return (
    // modal={false}: the modal variant locks scrolling by injecting <style> text, which the CSP
    // refuses.
    <DropdownMenu.Root modal={false} dir={current.dir}>
      <DropdownMenu.Trigger asChild>
        <SwitcherButton
          $variant="ghost"
          aria-label={t('language.change', { language: current.name })}
        >
          <Flag aria-hidden="true">{current.flag}</Flag>
          <LongName lang={current.code}>{current.name}</LongName>
          <ShortName aria-hidden="true">{current.code.toUpperCase()}</ShortName>
          <ChevronDownIcon />
        </SwitcherButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <Content align="end" sideOffset={8} collisionPadding={8} loop>
          <MenuLabel>{t('language.label')}</MenuLabel>
          <DropdownMenu.RadioGroup
            value={current.code}
            onValueChange={(value) => {
              if (isLanguageCode(value)) void changeLanguage(value);
            }}
          >
            {LANGUAGES.map((language) => (
              <Item key={language.code} value={language.code}>
                <Flag aria-hidden="true">{language.flag}</Flag>
                <ItemName lang={language.code}>{language.name}</ItemName>
                <Indicator>
                  <CheckIcon width={16} height={16} />
                </Indicator>
              </Item>
            ))}
          </DropdownMenu.RadioGroup>
        </Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

const SwitcherButton = styled.button.attrs({ type: 'button' })<{ $variant: 'ghost' }>`
  ${buttonStyles}
  padding-inline: 10px;
  gap: 6px;
  font-weight: 500;
`;

const Flag = styled.span`
  font-size: 18px;
  line-height: 1;
`;

const LongName = styled.span`
  @media (max-width: ${({ theme }) => theme.breakpoint.narrow}) {
    display: none;
  }
`;

const ShortName = styled.span`
  display: none;
  @media (max-width: ${({ theme }) => theme.breakpoint.narrow}) {
    display: inline;
  }
`;

const Content = styled(DropdownMenu.Content)`
  z-index: 50;
  min-inline-size: 220px;
  max-block-size: min(560px, var(--radix-dropdown-menu-content-available-height));
  overflow-y: auto;
  padding: 6px;
  background: ${({ theme }) => theme.color.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${({ theme }) => theme.radius.medium};
  box-shadow: ${({ theme }) => theme.shadow.overlay};
`;

const MenuLabel = styled(DropdownMenu.Label)`
  padding-block: 6px;
  padding-inline: 10px;
  font-size: 12px;
  font-weight: 600;
  letter-spacing: 0.04em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.textSubtle};
`;

const Item = styled(DropdownMenu.RadioItem)`
  display: flex;
  align-items: center;
  gap: 10px;
  min-block-size: 38px;
  padding-inline: 10px;
  border-radius: ${({ theme }) => theme.radius.small};
  font-size: 15px;
  cursor: pointer;
  outline: none;
  user-select: none;

  &[data-highlighted] {
    background: ${({ theme }) => theme.color.surfaceHover};
  }

  &[data-state='checked'] {
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

const Indicator = styled(DropdownMenu.ItemIndicator)`
  display: inline-flex;
`;

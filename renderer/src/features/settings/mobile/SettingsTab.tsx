import { useTranslation } from '../../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { LANGUAGES } from '../../../../../shared/languages.ts';
import { APP_VERSION } from '../../../appVersion.ts';
import { routePaths } from '../../../app/paths.ts';
import { changeLanguage } from '../../../i18n/index.ts';
import { useCurrentLanguage } from '../../../i18n/LanguageSwitcher.tsx';
import { usePageMeta } from '../../../meta/usePageMeta.ts';
import { Field, Select } from '../../../ui/Field.tsx';
import { GlobeIcon, InfoIcon, LogoMark, ServerIcon } from '../../../ui/icons.tsx';
import { PageSection, Row } from '../../../ui/layout.ts';
import { MutedText } from '../../../ui/text.ts';
import { MobileScreen } from '../../../ui/MobileScreen.tsx';
import { useBrowserFact } from '../../../ui/hydration.ts';
import { platform } from '../../../platform/index.ts';
import { fontSize, radius, space } from '../../../ui/tokens.ts';

/** `/mobile/settings`: what the app is and what its server can see, the language, the server. */
export function SettingsTab() {
  const { t } = useTranslation();
  const { t: tPage } = useTranslation('pages');
  // Pre-rendered without it: the build does not know which server a page will come from.
  const serverOrigin = useBrowserFact(() => platform.server.publicOrigin, '');
  usePageMeta({
    title: tPage('mobile.settings.title'),
    description: tPage('mobile.settings.about.body'),
    canonical: routePaths.mobileSettings,
  });

  return (
    <MobileScreen title={tPage('mobile.settings.title')}>
      <About />
      <Section aria-labelledby="mobile-settings-language" $gap={3}>
        <SectionTitle id="mobile-settings-language">
          <GlobeIcon width={18} height={18} />
          {t('language.label')}
        </SectionTitle>
        <LanguageSelect />
      </Section>
      <Section aria-labelledby="mobile-settings-server" $gap={2.5}>
        <SectionTitle id="mobile-settings-server">
          <ServerIcon width={18} height={18} />
          {tPage('mobile.settings.server.title')}
        </SectionTitle>
        <MutedText>{tPage('mobile.settings.server.body')}</MutedText>
        <Origin dir="ltr" data-testid="mobile-server-origin">
          {serverOrigin}
        </Origin>
      </Section>
    </MobileScreen>
  );
}

function About() {
  const { t } = useTranslation();
  const { t: tPage } = useTranslation('pages');
  const sees = [
    tPage('mobile.settings.about.sees.notes'),
    tPage('mobile.settings.about.sees.password'),
    tPage('mobile.settings.about.sees.chat'),
    tPage('mobile.settings.about.sees.receipt'),
  ];
  const cannotSee = [
    tPage('mobile.settings.about.cannotSee.content'),
    tPage('mobile.settings.about.cannotSee.key'),
    tPage('mobile.settings.about.cannotSee.password'),
    tPage('mobile.settings.about.cannotSee.messages'),
  ];

  return (
    <Section aria-labelledby="mobile-settings-about" $gap={3.5}>
      <SectionTitle id="mobile-settings-about">
        <InfoIcon width={18} height={18} />
        {tPage('mobile.settings.about.title')}
      </SectionTitle>
      <Row $gap={3} $wrap={false}>
        <LogoMark size={40} />
        <span>
          <ProductName>{t('common.appName')}</ProductName>
          <MutedText>{tPage('mobile.settings.about.version', { version: APP_VERSION })}</MutedText>
        </span>
      </Row>
      <p>{tPage('mobile.settings.about.body')}</p>
      <div>
        <ListTitle>{tPage('mobile.settings.about.seesTitle')}</ListTitle>
        <List>
          {sees.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </List>
      </div>
      <div>
        <ListTitle>{tPage('mobile.settings.about.cannotSeeTitle')}</ListTitle>
        <List>
          {cannotSee.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </List>
      </div>
      <MutedText>{tPage('mobile.settings.about.visitors')}</MutedText>
    </Section>
  );
}

/** The phone's own picker (a native select): large, familiar, and fully accessible. */
function LanguageSelect() {
  const { t: tPage } = useTranslation('pages');
  const current = useCurrentLanguage();
  return (
    <Field label={tPage('mobile.settings.languageLabel')}>
      {(props) => (
        <Select
          {...props}
          value={current.code}
          onChange={(event) => {
            const chosen = LANGUAGES.find((language) => language.code === event.target.value);
            if (chosen) void changeLanguage(chosen.code);
          }}
        >
          {LANGUAGES.map((language) => (
            <option key={language.code} value={language.code} lang={language.code}>
              {language.name}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

const Section = styled(PageSection)`
  padding: ${space[4.5]};
`;

const SectionTitle = styled.h2`
  display: flex;
  align-items: center;
  gap: ${space[2]};
  font-size: ${fontSize.lg};
  font-weight: 700;

  svg {
    color: ${({ theme }) => theme.color.primary};
  }
`;

const ProductName = styled.span`
  display: block;
  font-weight: 700;
`;

const ListTitle = styled.h3`
  margin-block-end: ${space[1.5]};
  font-size: ${fontSize.base};
  font-weight: 650;
`;

const List = styled.ul`
  display: grid;
  gap: ${space[1.5]};
  margin: 0;
  padding-inline-start: ${space[5]};
  font-size: ${fontSize.md};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Origin = styled.p`
  padding-block: ${space[2.5]};
  padding-inline: ${space[3]};
  border-radius: ${radius.small};
  background: ${({ theme }) => theme.color.background};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${fontSize.md};
  overflow-wrap: anywhere;
  text-align: left;
`;

import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import styled from 'styled-components';
import type {
  BuiltInReach,
  DesktopSettings,
  ServerSwitchProblem,
  ServerSwitchResult,
} from '../../../../shared/desktop-settings.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { platform } from '../../platform/index.ts';
import type { DesktopSettingsControls } from '../../platform/Platform.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { FieldError, FieldHint, Input, Label } from '../../ui/Field.tsx';
import { Row } from '../../ui/layout.ts';
import { Page } from '../../ui/Page.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { CurrentServer } from './CurrentServer.tsx';
import { fontSize, space } from '../../ui/tokens.ts';
import { NEVER_SUBMITTED_BY_BROWSER } from '../../ui/formSubmission.ts';
import { useId } from '../../ui/ids.tsx';

type Choice = DesktopSettings['server'];
type Pending = 'hosted' | 'built-in' | null;

/**
 * The desktop app's settings (the route exists only there): which server to use and whether a
 * revealed note's copied text is cleared from the clipboard. A server is switched to only once
 * it answers; the page then reloads, so every screen, socket and link uses the new one.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  usePageMeta({
    title: t('desktop.settings.title'),
    description: t('desktop.settings.intro'),
    noIndex: true,
  });
  const controls = platform.settings;
  const [settings, setSettings] = useState<DesktopSettings | null>(null);

  useEffect(() => {
    void controls?.load().then(setSettings);
  }, [controls]);

  return (
    <Page title={t('desktop.settings.title')} intro={t('desktop.settings.intro')}>
      <CurrentServer />
      {controls && settings ? <SettingsForms controls={controls} settings={settings} /> : null}
    </Page>
  );
}

function SettingsForms({
  controls,
  settings,
}: {
  controls: DesktopSettingsControls;
  settings: DesktopSettings;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const [choice, setChoice] = useState<Choice>(settings.server);
  const [address, setAddress] = useState(settings.hostedUrl ?? '');
  const [reach, setReach] = useState<BuiltInReach>(settings.builtInReach);
  const [pending, setPending] = useState<Pending>(null);
  const [problem, setProblem] = useState<ServerSwitchProblem | null>(null);

  async function switchServer(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setPending(choice);
    let result: ServerSwitchResult;
    try {
      result =
        choice === 'hosted'
          ? await controls.useHostedServer(address)
          : await controls.useBuiltInServer(reach);
    } catch {
      result = { ok: false, problem: choice === 'hosted' ? 'unreachable' : 'built-in-failed' };
    }
    if (result.ok) {
      // The new server's address and content policy come with a fresh page.
      window.location.reload();
      return;
    }
    setPending(null);
    setProblem(result.problem);
  }

  const problemId = `${ids}-problem`;
  return (
    <>
      <Section
        as="form"
        {...NEVER_SUBMITTED_BY_BROWSER}
        onSubmit={(event: FormEvent) => void switchServer(event)}
      >
        <Fieldset disabled={pending !== null} aria-describedby={problem ? problemId : undefined}>
          <Legend>{t('desktop.settings.serverHeading')}</Legend>
          <Option>
            <input
              type="radio"
              name="server"
              value="hosted"
              checked={choice === 'hosted'}
              onChange={() => setChoice('hosted')}
            />
            <span>
              <OptionTitle>{t('desktop.settings.hosted.label')}</OptionTitle>
              <FieldHint as="span">{t('desktop.settings.hosted.description')}</FieldHint>
            </span>
          </Option>
          {choice === 'hosted' ? (
            <Indented>
              <Label htmlFor={`${ids}-address`}>{t('desktop.settings.hosted.addressLabel')}</Label>
              <Input
                id={`${ids}-address`}
                type="url"
                inputMode="url"
                dir="ltr"
                spellCheck={false}
                autoComplete="url"
                required
                value={address}
                placeholder="https://"
                aria-describedby={`${ids}-address-hint`}
                aria-invalid={problem === 'invalid-url' ? true : undefined}
                onChange={(event) => setAddress(event.target.value)}
                data-testid="server-address"
              />
              <FieldHint id={`${ids}-address-hint`}>
                {t('desktop.settings.hosted.addressHint')}
              </FieldHint>
            </Indented>
          ) : null}

          <Option>
            <input
              type="radio"
              name="server"
              value="built-in"
              checked={choice === 'built-in'}
              onChange={() => setChoice('built-in')}
            />
            <span>
              <OptionTitle>{t('desktop.settings.builtIn.label')}</OptionTitle>
              <FieldHint as="span">{t('desktop.settings.builtIn.description')}</FieldHint>
            </span>
          </Option>
          {choice === 'built-in' ? (
            <Indented role="radiogroup" aria-label={t('desktop.settings.builtIn.reachLabel')}>
              {(['this-computer', 'local-network'] as const).map((value) => (
                <Option key={value}>
                  <input
                    type="radio"
                    name="reach"
                    value={value}
                    checked={reach === value}
                    onChange={() => setReach(value)}
                  />
                  <span>
                    {value === 'this-computer'
                      ? t('desktop.settings.builtIn.thisComputer')
                      : t('desktop.settings.builtIn.localNetwork')}
                  </span>
                </Option>
              ))}
              {reach === 'local-network' ? (
                <FieldHint>{t('desktop.settings.builtIn.localNetworkHint')}</FieldHint>
              ) : null}
            </Indented>
          ) : null}

          {problem ? (
            <FieldError id={problemId} role="alert" data-testid="server-problem">
              {t(`desktop.settings.problem.${problem}`)}
            </FieldError>
          ) : null}
          <Row $gap={2.5}>
            <Button type="submit" data-testid="use-server">
              {pending !== null ? <Spinner $size={16} /> : null}
              {pending === 'hosted'
                ? t('desktop.settings.hosted.checking')
                : pending === 'built-in'
                  ? t('desktop.settings.builtIn.starting')
                  : choice === 'hosted'
                    ? t('desktop.settings.hosted.use')
                    : t('desktop.settings.builtIn.use')}
            </Button>
          </Row>
        </Fieldset>
      </Section>
      <ClipboardSetting controls={controls} initial={settings.clearClipboard} />
    </>
  );
}

function ClipboardSetting({
  controls,
  initial,
}: {
  controls: DesktopSettingsControls;
  initial: boolean;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const [on, setOn] = useState(initial);
  const [status, setStatus] = useState<'saved' | 'failed' | null>(null);

  async function change(next: boolean) {
    setOn(next);
    try {
      await controls.setClearClipboard(next);
      setStatus('saved');
    } catch {
      setOn(!next);
      setStatus('failed');
    }
  }

  return (
    <Section aria-labelledby={`${ids}-privacy`}>
      <Heading id={`${ids}-privacy`}>{t('desktop.settings.privacyHeading')}</Heading>
      <Option>
        <input
          type="checkbox"
          checked={on}
          aria-describedby={`${ids}-clipboard-hint`}
          onChange={(event) => void change(event.target.checked)}
        />
        <span>{t('desktop.settings.clearClipboard')}</span>
      </Option>
      <FieldHint id={`${ids}-clipboard-hint`}>{t('desktop.settings.clearClipboardHint')}</FieldHint>
      <Status role="status">
        {status === 'saved' ? t('desktop.settings.saved') : null}
        {status === 'failed' ? (
          <FieldError as="span">{t('desktop.settings.saveFailed')}</FieldError>
        ) : null}
      </Status>
    </Section>
  );
}

const Section = styled(Card)`
  display: grid;
  gap: ${space[3.5]};
  margin-block-start: ${space[5]};
`;

const Fieldset = styled.fieldset`
  display: grid;
  gap: ${space[3.5]};
  border: none;
  margin: 0;
  padding: 0;
  min-inline-size: 0;
`;

const Legend = styled.legend`
  margin-block-end: ${space[1.5]};
  padding: 0;
  font-size: ${fontSize.lg};
  font-weight: 700;
`;

const Heading = styled.h2`
  font-size: ${fontSize.lg};
  font-weight: 700;
`;

const Option = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${space[2.5]};
  cursor: pointer;

  input {
    margin-block-start: ${space[1]};
    accent-color: ${({ theme }) => theme.color.primary};
  }
`;

const OptionTitle = styled.span`
  display: block;
  font-weight: 600;
`;

const Indented = styled.div`
  display: grid;
  gap: ${space[2.5]};
  padding-inline-start: ${space[6]};
`;

const Status = styled.p`
  min-block-size: 1.5em;
  font-size: ${fontSize.md};
  color: ${({ theme }) => theme.color.textMuted};
`;

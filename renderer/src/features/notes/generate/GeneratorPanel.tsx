import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { Button } from '../../../ui/Button.tsx';
import { ChoiceGroup } from '../../../ui/ChoiceGroup.tsx';
import { Label, Select, Textarea } from '../../../ui/Field.tsx';
import { Row, Stack } from '../../../ui/layout.ts';
import { fontSize, radius, space } from '../../../ui/tokens.ts';
import {
  ALL_CLASSES,
  INITIAL_SETTINGS,
  PASSPHRASE_WORDS,
  PASSWORD_LENGTH,
  SEPARATORS,
  generatePassphrase,
  generatePassword,
  strengthOf,
  type CharacterClass,
  type GeneratedSecret,
  type SecretSettings,
  type Separator,
} from './secretGenerator.ts';
import { loadWordList } from './wordList.ts';
import { useId } from '../../../ui/ids.tsx';

export type SecretTarget = 'password' | 'content';
type Kind = SecretSettings['kind'];

async function generate(settings: SecretSettings): Promise<GeneratedSecret> {
  return settings.kind === 'password'
    ? generatePassword(settings)
    : generatePassphrase(settings, await loadWordList());
}

interface GeneratorPanelProps {
  id: string;
  target: SecretTarget;
  onUse: (secret: string) => void;
  onClose: () => void;
}

/**
 * The generator's settings (kind, length or words, characters or separator), the secret they
 * made with its strength, and the buttons to make another or use it. A new secret is made on
 * every change; Escape closes the panel.
 */
export function GeneratorPanel({ id, target, onUse, onClose }: GeneratorPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const secretId = useId();
  const [settings, setSettings] = useState<SecretSettings>(INITIAL_SETTINGS.password);
  const [round, setRound] = useState(0);
  const [secret, setSecret] = useState<GeneratedSecret | null>(null);

  useEffect(() => {
    let current = true;
    void generate(settings).then((made) => {
      if (current) setSecret(made);
    });
    return () => {
      current = false;
    };
  }, [settings, round]);

  const strength = secret === null ? null : strengthOf(secret.entropyBits);

  return (
    <Panel
      id={id}
      role="group"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        // Closes the panel only, not a dialog it sits in (the mobile editor).
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <Title id={titleId}>{t('generate.title')}</Title>
      <ChoiceGroup<Kind>
        legend={t('generate.kind')}
        name={`${id}-kind`}
        value={settings.kind}
        choices={(['password', 'passphrase'] as const).map((kind) => ({
          value: kind,
          label: t(`generate.kinds.${kind}`),
        }))}
        onChange={(kind) => setSettings(INITIAL_SETTINGS[kind])}
        columns={2}
      />

      {settings.kind === 'password' ? (
        <PasswordSettings settings={settings} onChange={setSettings} />
      ) : (
        <PassphraseSettings settings={settings} onChange={setSettings} />
      )}

      <div>
        <Label htmlFor={secretId}>{t('generate.secretLabel')}</Label>
        <SecretOutput
          id={secretId}
          readOnly
          rows={2}
          dir="ltr"
          spellCheck={false}
          autoComplete="off"
          value={secret?.value ?? ''}
          aria-describedby={`${secretId}-strength`}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Strength id={`${secretId}-strength`} aria-live="polite" data-strength={strength ?? ''}>
          {secret === null || strength === null
            ? t('generate.loading')
            : t('generate.strength', {
                level: t(`generate.levels.${strength}`),
                bits: Math.floor(secret.entropyBits),
              })}
        </Strength>
      </div>

      <Row $gap={2}>
        <Button type="button" $variant="secondary" onClick={() => setRound((n) => n + 1)}>
          {t('generate.regenerate')}
        </Button>
        <Button
          type="button"
          disabled={secret === null}
          onClick={() => secret !== null && onUse(secret.value)}
        >
          {t(target === 'password' ? 'generate.usePassword' : 'generate.useContent')}
        </Button>
        <Button type="button" $variant="ghost" onClick={onClose}>
          {t('generate.close')}
        </Button>
      </Row>
    </Panel>
  );
}

type PasswordSettingsValue = Extract<SecretSettings, { kind: 'password' }>;
type PassphraseSettingsValue = Extract<SecretSettings, { kind: 'passphrase' }>;

function PasswordSettings({
  settings,
  onChange,
}: {
  settings: PasswordSettingsValue;
  onChange: (settings: PasswordSettingsValue) => void;
}) {
  const { t } = useTranslation();
  const lengthId = useId();
  const toggle = (name: CharacterClass, on: boolean) =>
    onChange({
      ...settings,
      classes: on ? [...settings.classes, name] : settings.classes.filter((c) => c !== name),
    });
  return (
    <>
      <RangeSetting
        id={lengthId}
        label={t('generate.length')}
        bounds={PASSWORD_LENGTH}
        value={settings.length}
        onChange={(length) => onChange({ ...settings, length })}
      />
      <Fieldset>
        <Legend>{t('generate.characters')}</Legend>
        <Classes>
          {ALL_CLASSES.map((name) => {
            const on = settings.classes.includes(name);
            return (
              <Check key={name}>
                <input
                  type="checkbox"
                  checked={on}
                  // One class stays: a password needs characters to be drawn from.
                  disabled={on && settings.classes.length === 1}
                  onChange={(event) => toggle(name, event.target.checked)}
                />
                {t(`generate.classes.${name}`)}
              </Check>
            );
          })}
        </Classes>
      </Fieldset>
    </>
  );
}

function PassphraseSettings({
  settings,
  onChange,
}: {
  settings: PassphraseSettingsValue;
  onChange: (settings: PassphraseSettingsValue) => void;
}) {
  const { t } = useTranslation();
  const wordsId = useId();
  const separatorId = useId();
  return (
    <>
      <RangeSetting
        id={wordsId}
        label={t('generate.words')}
        bounds={PASSPHRASE_WORDS}
        value={settings.words}
        onChange={(words) => onChange({ ...settings, words })}
      />
      <div>
        <Label htmlFor={separatorId}>{t('generate.separator')}</Label>
        <Select
          id={separatorId}
          value={settings.separator}
          onChange={(event) =>
            onChange({ ...settings, separator: event.target.value as Separator })
          }
        >
          {(Object.keys(SEPARATORS) as Separator[]).map((separator) => (
            <option key={separator} value={separator}>
              {t(`generate.separators.${separator}`)}
            </option>
          ))}
        </Select>
      </div>
    </>
  );
}

/** A slider with its value beside the label (the number is what people set it by). */
function RangeSetting(props: {
  id: string;
  label: string;
  bounds: { min: number; max: number };
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <div>
      <RangeLabel htmlFor={props.id}>
        <span>{props.label}</span>
        <output htmlFor={props.id}>{props.value}</output>
      </RangeLabel>
      <Range
        id={props.id}
        type="range"
        min={props.bounds.min}
        max={props.bounds.max}
        step={1}
        value={props.value}
        onChange={(event) => props.onChange(Number(event.target.value))}
      />
    </div>
  );
}

const Panel = styled(Stack).attrs({ $gap: 4 })`
  margin-block-start: ${space[3]};
  padding: ${space[4]};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${radius.medium};
  background: ${({ theme }) => theme.color.surfaceRaised};
`;

const Title = styled.h3`
  font-size: ${fontSize.base};
  font-weight: 700;
`;

const Fieldset = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  min-inline-size: 0;
`;

const Legend = styled.legend`
  margin-block-end: ${space[2]};
  padding: 0;
  font-size: ${fontSize.md};
  font-weight: 600;
`;

const Classes = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: ${space[2]};
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: ${space[2]};
  /* The whole label is the target: as tall as a fingertip needs. */
  min-block-size: 44px;
  cursor: pointer;

  input {
    inline-size: 18px;
    block-size: 18px;
    accent-color: ${({ theme }) => theme.color.primary};
  }
`;

const RangeLabel = styled(Label)`
  display: flex;
  justify-content: space-between;

  output {
    font-variant-numeric: tabular-nums;
  }
`;

const Range = styled.input`
  inline-size: 100%;
  /* The thumb is small; the slider's box is as tall as a fingertip needs. */
  min-block-size: 44px;
  margin: 0;
  accent-color: ${({ theme }) => theme.color.primary};
`;

/** Two lines, wrapping anywhere: the whole secret is seen before it is used. */
const SecretOutput = styled(Textarea)`
  min-block-size: 0;
  resize: none;
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${fontSize.md};
  overflow-wrap: anywhere;
`;

const Strength = styled.p`
  margin-block-start: ${space[1.5]};
  font-size: ${fontSize.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

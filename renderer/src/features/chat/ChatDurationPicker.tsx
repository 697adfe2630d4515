import { useTranslation } from '../../i18n/useTranslation.ts';
import { CHAT_DURATIONS, DEFAULT_CHAT_DURATION } from '../../../../shared/limits.ts';
import type { ChatDuration } from '../../../../shared/limits.ts';
import { ChoiceGroup } from '../../ui/ChoiceGroup.tsx';
import { ClockIcon } from '../../ui/icons.tsx';

interface ChatDurationPickerProps {
  value: ChatDuration;
  onChange: (value: ChatDuration) => void;
  disabled: boolean;
}

/** How long a new room lasts, the default marked (the site's create page and the mobile tab). */
export function ChatDurationPicker({ value, onChange, disabled }: ChatDurationPickerProps) {
  const { t } = useTranslation();
  return (
    <ChoiceGroup
      legend={t('chat.create.durationLabel')}
      icon={<ClockIcon width={16} height={16} />}
      name="duration"
      value={value}
      choices={CHAT_DURATIONS.map((duration) => ({
        value: duration,
        label: t(`chat.create.durations.${duration}`),
        tag: duration === DEFAULT_CHAT_DURATION ? t('chat.create.defaultTag') : undefined,
      }))}
      onChange={onChange}
      disabled={disabled}
    />
  );
}

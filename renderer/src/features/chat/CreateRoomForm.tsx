import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useNavigate } from 'react-router-dom';
import type { ChatDuration } from '../../../../shared/limits.ts';
import { Button } from '../../ui/Button.tsx';
import { PageSection } from '../../ui/layout.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { FinePrint } from '../../ui/text.ts';
import { useToast } from '../../ui/toast/index.ts';
import { chatRoomHref } from './chatLinks.ts';
import type { ChatLayout } from './chatLinks.ts';
import { ChatDurationPicker } from './ChatDurationPicker.tsx';
import { NEVER_SUBMITTED_BY_BROWSER } from '../../ui/formSubmission.ts';

interface CreateRoomFormProps {
  duration: ChatDuration;
  onDurationChange(duration: ChatDuration): void;
  /** Which room page the new room opens in. */
  layout: ChatLayout;
  /** The page's one primary card (the desktop page), not a screen among tabs. */
  raised?: boolean;
  /** Shown above the duration choice (a connection warning). */
  children?: ReactNode;
}

/** Choose a duration, create the room, open it; a failure says so and lets the user retry. */
export function CreateRoomForm({
  duration,
  onDurationChange,
  layout,
  raised = false,
  children,
}: CreateRoomFormProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  async function create(event: FormEvent) {
    event.preventDefault();
    if (creating) return;
    setCreating(true);
    try {
      // The room key's randomness and the API schemas load with the first room, not the page.
      const { createChatRoom } = await import('./chatApi.ts');
      const { sessionId, roomKey } = await createChatRoom(duration);
      // The room page may greet arrivals marked so ("Chat room created!" on mobile).
      void navigate(chatRoomHref(sessionId, roomKey, layout), { state: { created: true } });
    } catch {
      setCreating(false);
      toast({
        title: t('chat.create.failed.title'),
        description: t('chat.create.failed.body'),
        variant: 'destructive',
      });
    }
  }

  return (
    <PageSection
      as="form"
      {...NEVER_SUBMITTED_BY_BROWSER}
      onSubmit={(event) => void create(event)}
      aria-busy={creating}
      $gap={raised ? 5 : 4.5}
      $raised={raised}
    >
      {children}
      <ChatDurationPicker value={duration} onChange={onDurationChange} disabled={creating} />
      <Button type="submit" $size="large" $fullWidth disabled={creating}>
        {creating ? (
          <>
            <Spinner $size={18} />
            {t('chat.create.creating')}
          </>
        ) : (
          t('chat.create.submit')
        )}
      </Button>
      <FinePrint>{t('chat.create.note')}</FinePrint>
    </PageSection>
  );
}

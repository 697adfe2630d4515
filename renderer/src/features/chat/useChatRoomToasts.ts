import { useCallback, useEffect } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useNavigate } from 'react-router-dom';
import { missingCase } from '../../../../shared/errors.ts';
import { useToast } from '../../ui/toast/index.ts';
import type { ChatNotice } from './chatClient.ts';
import type { ChatPhase } from './chatState.ts';

/** Spec: the Session Full view sends people to create a room after 3 seconds. */
export const FULL_REDIRECT_MS = 3000;

interface RoomToastOptions {
  phase: ChatPhase;
  mobile: boolean;
  /** Where "create another room" leads for this layout. */
  createPath: string;
  /** The mobile create flow arrives with this set. */
  justCreated: boolean;
}

/** The toasts (seed §8) and the redirect that reaching a phase brings, once each. */
export function useRoomPhaseToasts({ phase, mobile, createPath, justCreated }: RoomToastOptions) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();

  useEffect(() => {
    switch (phase) {
      case 'full': {
        toast({
          title: t('chat.toast.full.title'),
          description: t('chat.toast.full.body'),
          variant: 'destructive',
        });
        const timer = setTimeout(() => void navigate(createPath), FULL_REDIRECT_MS);
        return () => clearTimeout(timer);
      }
      case 'error':
        toast(
          mobile
            ? { title: t('chat.mobile.connectFailed'), variant: 'destructive' }
            : {
                title: t('chat.toast.connectionError.title'),
                description: t('chat.toast.connectionError.body'),
                variant: 'destructive',
              },
        );
        return;
      case 'expired':
        if (mobile) {
          toast({
            title: t('chat.mobile.expired.title'),
            description: t('chat.mobile.expired.body'),
            variant: 'destructive',
          });
        }
        return;
      case 'connecting':
      case 'active':
      case 'invalid':
      case 'replaced':
        return;
      default:
        return missingCase(phase);
    }
    // Only a change of state counts; t and toast are stable enough for a one-off message.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase]);

  useEffect(() => {
    if (mobile && justCreated) {
      toast({ title: t('chat.mobile.created.title'), description: t('chat.mobile.created.body') });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** The client's notices (nothing on screen changes for them) worded as toasts. */
export function useChatNotice(): (notice: ChatNotice) => void {
  const { t } = useTranslation();
  const { toast } = useToast();
  return useCallback(
    (notice: ChatNotice) => {
      switch (notice) {
        case 'sendFailed':
          toast({
            title: t('chat.toast.sendFailed.title'),
            description: t('chat.toast.sendFailed.body'),
            variant: 'destructive',
          });
          return;
        case 'rateLimited':
          toast({
            title: t('chat.toast.rateLimited.title'),
            description: t('chat.toast.rateLimited.body'),
            variant: 'destructive',
          });
          return;
        default:
          missingCase(notice);
      }
    },
    [t, toast],
  );
}

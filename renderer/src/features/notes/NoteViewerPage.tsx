import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import {
  noteIdSchema,
  noteInfoResponseSchema,
  verifyNoteResponseSchema,
} from '../../../../shared/api/notes.ts';
import type { DestroyReason } from '../../../../shared/api/notes.ts';
import { apiPaths } from '../../../../shared/api/paths.ts';
import { decryptNoteImage, decryptNoteText } from '../../../../shared/crypto/index.ts';
import type { NoteKdf } from '../../../../shared/crypto/index.ts';
import { missingCase } from '../../../../shared/errors.ts';
import { totalSeconds } from '../../../../shared/time-ago.ts';
import { ApiError, apiGet, apiPost } from '../../api/client.ts';
import { routePaths } from '../../app/paths.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { Button, ButtonLink, buttonStyles } from '../../ui/Button.tsx';
import { FieldError, Input, Label } from '../../ui/Field.tsx';
import { Page } from '../../ui/Page.tsx';
import { useCopyFeedback } from '../../ui/useCopyFeedback.ts';
import { formatDuration } from './formatDuration.ts';
import { isNoteImageType, safeDownloadName } from './images.ts';
import { apiErrorKey } from './noteErrors.ts';
import { deriveKeys } from './noteKeys.ts';

/** Decrypted text is shown this long after it arrives (seed §4), under the decrypting state. */
export const REVEAL_DELAY_MS = 2000;
const LINK_KEY = /^[A-Za-z0-9_-]{43}$/;

interface ShownImage {
  url: string;
  name: string;
}

type ViewState =
  | { kind: 'warning' }
  | { kind: 'loading' }
  | { kind: 'destroyed'; reason: DestroyReason; seconds: number | null }
  | { kind: 'notFound' }
  | {
      kind: 'password';
      kdf: NoteKdf;
      unlocking: boolean;
      error: string | null;
      attemptsLeft: number | null;
    }
  | { kind: 'decrypting' }
  | { kind: 'revealed'; text: string; images: ShownImage[]; skipped: number }
  | { kind: 'decryptFailed' }
  | { kind: 'error'; message: string };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `/note/:id#key`. The key stays in the fragment: nothing here sends it, logs it or copies it
 * into another URL. Nothing is requested before the reader confirms, and only the proof
 * (never the key or password) reaches the server.
 */
export function NoteViewerPage() {
  const { t } = useTranslation();
  usePageMeta({
    title: t('note.viewer.title'),
    description: t('note.viewer.intro'),
    noIndex: true,
  });
  const { id = '' } = useParams();
  const { hash } = useLocation();
  const linkKey = hash.startsWith('#') ? hash.slice(1) : hash;

  let content: ReactNode;
  if (!noteIdSchema.safeParse(id).success) {
    content = (
      <Notice tone="danger" title={t('note.viewer.invalidUrlTitle')}>
        <p>{t('note.viewer.invalidUrl')}</p>
        <HomeActions />
      </Notice>
    );
  } else if (linkKey === '') {
    content = (
      <Notice tone="danger" title={t('note.viewer.missingKeyTitle')}>
        <p>{t('note.viewer.missingKey')}</p>
        <HomeActions />
      </Notice>
    );
  } else {
    // Keyed by note so following another note's link starts over at the warning.
    content = <NoteReader key={`${id}#${linkKey}`} noteId={id} linkKey={linkKey} />;
  }

  return <Page title={t('note.viewer.title')}>{content}</Page>;
}

function NoteReader({ noteId, linkKey }: { noteId: string; linkKey: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ViewState>({ kind: 'warning' });
  const alive = useRef(true);
  const urls = useRef<string[]>([]);

  useEffect(() => {
    alive.current = true;
    const owned = urls.current;
    return () => {
      alive.current = false;
      owned.forEach((url) => URL.revokeObjectURL(url));
    };
  }, []);

  const show = useCallback((next: ViewState) => {
    if (alive.current) setState(next);
  }, []);

  const read = useCallback(
    async (password: string | undefined, kdf: NoteKdf | null) => {
      let keys;
      try {
        keys = await deriveKeys(linkKey, password, kdf);
      } catch {
        show({ kind: 'decryptFailed' });
        return;
      }

      let response;
      try {
        response = await apiPost(
          apiPaths.noteVerify(noteId),
          { proof: keys.proof },
          verifyNoteResponseSchema,
        );
      } catch (error) {
        const code = error instanceof ApiError ? error.code : undefined;
        if (code === 'GONE') {
          const reason = error instanceof ApiError ? error.body?.details?.reason : undefined;
          show({
            kind: 'destroyed',
            reason: reason === 'expired' || reason === 'too_many_attempts' ? reason : 'read',
            seconds: null,
          });
        } else if (code === 'NOT_FOUND') {
          show({ kind: 'notFound' });
        } else if (code === 'WRONG_PROOF' && kdf === null) {
          // No password to get wrong: the key in the link is not this note's.
          show({ kind: 'decryptFailed' });
        } else if (kdf !== null) {
          const left = error instanceof ApiError ? error.body?.details?.attemptsLeft : undefined;
          show({
            kind: 'password',
            kdf,
            unlocking: false,
            error: t(apiErrorKey(error)),
            attemptsLeft: code === 'WRONG_PROOF' && typeof left === 'number' ? left : null,
          });
        } else {
          show({ kind: 'error', message: t(apiErrorKey(error)) });
        }
        return;
      }

      // The note is gone from the server now; what follows happens only here.
      const arrived = Date.now();
      show({ kind: 'decrypting' });
      let text: string;
      const images: ShownImage[] = [];
      let skipped = 0;
      try {
        text = await decryptNoteText(keys.contentKey, response.content);
        for (const envelope of response.attachedImages) {
          const image = await decryptNoteImage(keys.contentKey, envelope);
          if (!isNoteImageType(image.type)) {
            skipped += 1;
            continue;
          }
          const url = URL.createObjectURL(
            new Blob([new Uint8Array(image.bytes)], { type: image.type }),
          );
          urls.current.push(url);
          images.push({ url, name: safeDownloadName(image.name, image.type, images.length) });
        }
      } catch {
        show({ kind: 'decryptFailed' });
        return;
      }
      await wait(Math.max(0, arrived + REVEAL_DELAY_MS - Date.now()));
      show({ kind: 'revealed', text, images, skipped });
    },
    [linkKey, noteId, show, t],
  );

  const start = useCallback(async () => {
    // A damaged key could never decrypt: say so before anything touches the note.
    if (!LINK_KEY.test(linkKey)) {
      show({ kind: 'decryptFailed' });
      return;
    }
    show({ kind: 'loading' });
    let info;
    try {
      info = await apiGet(apiPaths.note(noteId), noteInfoResponseSchema);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'NOT_FOUND') show({ kind: 'notFound' });
      else show({ kind: 'error', message: t(apiErrorKey(error)) });
      return;
    }
    if (info.isDestroyed) {
      show({ kind: 'destroyed', reason: info.reason, seconds: totalSeconds(info.timeAgo) });
    } else if (info.hasPassword && info.kdf) {
      show({ kind: 'password', kdf: info.kdf, unlocking: false, error: null, attemptsLeft: null });
    } else {
      await read(undefined, null);
    }
  }, [linkKey, noteId, read, show, t]);

  switch (state.kind) {
    case 'warning':
      return <WarningView onRead={() => void start()} />;
    case 'loading':
      return <BusyView text={t('note.viewer.loading')} />;
    case 'destroyed':
      return <DestroyedView reason={state.reason} seconds={state.seconds} />;
    case 'notFound':
      return (
        <Notice tone="muted" title={t('note.destroyed.notFoundTitle')}>
          <p>{t('note.destroyed.notFound')}</p>
          <HomeActions create />
        </Notice>
      );
    case 'password':
      return (
        <PasswordView
          state={state}
          onSubmit={(password) => {
            show({ ...state, unlocking: true, error: null });
            void read(password, state.kdf);
          }}
        />
      );
    case 'decrypting':
      return <BusyView text={t('note.viewer.decrypting')} />;
    case 'revealed':
      return <RevealedView text={state.text} images={state.images} skipped={state.skipped} />;
    case 'decryptFailed':
      return (
        <Notice tone="danger" title={t('note.viewer.decryptFailedTitle')}>
          <p>{t('note.viewer.decryptFailed')}</p>
          <HomeActions />
        </Notice>
      );
    case 'error':
      return (
        <Notice tone="danger" title={t('note.viewer.errorTitle')}>
          <p>{state.message}</p>
          <ActionRow>
            <Button onClick={() => void start()}>{t('note.viewer.retry')}</Button>
            <ButtonLink to={routePaths.home} $variant="secondary">
              {t('note.viewer.home')}
            </ButtonLink>
          </ActionRow>
        </Notice>
      );
    default:
      return missingCase(state);
  }
}

function WarningView({ onRead }: { onRead: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice tone="warning" title={t('note.viewer.warningTitle')} data-testid="note-warning">
      <p>{t('note.viewer.warningBody')}</p>
      <ActionRow>
        <ButtonLink to={routePaths.home} $variant="secondary" $size="large">
          {t('note.viewer.cancel')}
        </ButtonLink>
        <Button $variant="destructive" $size="large" onClick={onRead}>
          {t('note.viewer.readAndDestroy')}
        </Button>
      </ActionRow>
    </Notice>
  );
}

function BusyView({ text }: { text: string }) {
  return (
    <Notice tone="muted" title={text} busy>
      <Spinner aria-hidden="true" />
    </Notice>
  );
}

function DestroyedView({ reason, seconds }: { reason: DestroyReason; seconds: number | null }) {
  const { t, i18n } = useTranslation();
  const time = seconds === null ? null : formatDuration(t, i18n.language, seconds);
  let text: string;
  switch (reason) {
    case 'read':
      text = time === null ? t('errors.notFound') : t('note.destroyed.read', { time });
      break;
    case 'expired':
      text = time === null ? t('note.destroyed.expiredNow') : t('note.destroyed.expired', { time });
      break;
    case 'too_many_attempts':
      text =
        time === null
          ? t('note.destroyed.tooManyAttemptsNow')
          : t('note.destroyed.tooManyAttempts', { time });
      break;
    default:
      return missingCase(reason);
  }
  return (
    <Notice tone="muted" title={t('note.destroyed.title')} data-testid="note-destroyed">
      <p data-reason={reason}>{text}</p>
      <HomeActions create />
    </Notice>
  );
}

function PasswordView({
  state,
  onSubmit,
}: {
  state: Extract<ViewState, { kind: 'password' }>;
  onSubmit: (password: string) => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!state.unlocking) inputRef.current?.focus();
  }, [state.unlocking, state.error]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password === '' || state.unlocking) return;
    onSubmit(password);
  }

  return (
    <Notice tone="muted" title={t('note.viewer.passwordTitle')}>
      <p>{t('note.viewer.passwordIntro')}</p>
      <PasswordForm onSubmit={submit} noValidate>
        <Label htmlFor="note-password">{t('note.viewer.passwordLabel')}</Label>
        <Input
          ref={inputRef}
          id="note-password"
          type="password"
          autoComplete="off"
          value={password}
          disabled={state.unlocking}
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? 'note-password-error' : undefined}
          onChange={(event) => setPassword(event.target.value)}
        />
        {state.error ? (
          <FieldError id="note-password-error" role="alert">
            {state.error}
            {state.attemptsLeft === null
              ? null
              : ` ${t('note.viewer.attemptsLeft', { count: state.attemptsLeft })}`}
          </FieldError>
        ) : null}
        <Button
          type="submit"
          $size="large"
          disabled={state.unlocking || password === ''}
          aria-busy={state.unlocking}
        >
          {state.unlocking ? t('note.viewer.unlocking') : t('note.viewer.unlock')}
        </Button>
      </PasswordForm>
    </Notice>
  );
}

function RevealedView({
  text,
  images,
  skipped,
}: {
  text: string;
  images: ShownImage[];
  skipped: number;
}) {
  const { t } = useTranslation();
  const { copied, copy: copyText } = useCopyFeedback();

  function copy() {
    return copyText(text, {
      done: { title: t('note.viewer.copiedToast') },
      failed: { title: t('note.viewer.copyFailed') },
    });
  }

  return (
    <Revealed aria-labelledby="note-content-title">
      <Banner role="status">{t('note.viewer.destroyedBanner')}</Banner>
      <RevealedBody>
        <RevealedHeader>
          <h2 id="note-content-title">{t('note.viewer.contentLabel')}</h2>
          <Button $variant="secondary" onClick={() => void copy()}>
            {copied ? t('note.viewer.copied') : t('note.viewer.copy')}
          </Button>
        </RevealedHeader>
        <NoteText tabIndex={0} aria-labelledby="note-content-title" data-testid="note-text">
          {text}
        </NoteText>
        {images.length > 0 ? (
          <>
            <ImagesTitle>{t('note.viewer.imagesTitle')}</ImagesTitle>
            <Images>
              {images.map((image, index) => (
                <Figure key={image.url}>
                  <img src={image.url} alt={t('note.viewer.imageAlt', { number: index + 1 })} />
                  <DownloadLink
                    href={image.url}
                    download={image.name}
                    $variant="secondary"
                    aria-label={t('note.viewer.downloadImage', { number: index + 1 })}
                  >
                    {t('note.viewer.download')}
                  </DownloadLink>
                </Figure>
              ))}
            </Images>
          </>
        ) : null}
        {skipped > 0 ? <Muted>{t('note.viewer.unsupportedImage')}</Muted> : null}
        <HomeActions create />
      </RevealedBody>
    </Revealed>
  );
}

function HomeActions({ create = false }: { create?: boolean }) {
  const { t } = useTranslation();
  return (
    <ActionRow>
      <ButtonLink to={routePaths.home} $variant={create ? 'primary' : 'secondary'}>
        {create ? t('note.viewer.createOwn') : t('note.viewer.home')}
      </ButtonLink>
    </ActionRow>
  );
}

type Tone = 'warning' | 'danger' | 'muted';

function Notice({
  tone,
  title,
  children,
  busy = false,
  'data-testid': testId,
}: {
  tone: Tone;
  title: string;
  children: ReactNode;
  busy?: boolean;
  'data-testid'?: string;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Each new screen announces itself: focus moves to its heading.
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, [title]);
  return (
    <Box $tone={tone} aria-busy={busy} data-testid={testId}>
      <BoxTitle ref={headingRef} tabIndex={-1}>
        {title}
      </BoxTitle>
      {children}
    </Box>
  );
}

const toneBorder = {
  warning: '#f59e0b',
  danger: '#ef4444',
} satisfies Record<Exclude<Tone, 'muted'>, string>;

const Box = styled.section<{ $tone: Tone }>`
  display: grid;
  gap: 16px;
  padding: 28px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-inline-start: ${({ $tone, theme }) =>
    $tone === 'muted' ? `1px solid ${theme.color.border}` : `4px solid ${toneBorder[$tone]}`};
  border-radius: ${({ theme }) => theme.radius.large};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.textMuted};

  @media (max-width: ${({ theme }) => theme.breakpoint.narrow}) {
    padding: 20px;
  }
`;

const BoxTitle = styled.h2`
  font-size: 22px;
  font-weight: 700;
  color: ${({ theme }) => theme.color.text};
  text-wrap: balance;

  &:focus {
    outline: none;
  }
`;

const ActionRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-block-start: 4px;
`;

const PasswordForm = styled.form`
  display: grid;
  gap: 10px;
  max-inline-size: 420px;

  button {
    margin-block-start: 6px;
    justify-self: start;
  }
`;

const spin = keyframes`
  to {
    transform: rotate(360deg);
  }
`;

const Spinner = styled.div`
  inline-size: 32px;
  block-size: 32px;
  border: 3px solid ${({ theme }) => theme.color.borderStrong};
  border-block-start-color: ${({ theme }) => theme.color.primary};
  border-radius: ${({ theme }) => theme.radius.round};
  animation: ${spin} 0.9s linear infinite;

  @media (prefers-reduced-motion: reduce) {
    animation-duration: 3s;
  }
`;

const Revealed = styled.section`
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.large};
  background: ${({ theme }) => theme.color.surface};
  overflow: hidden;
`;

const Banner = styled.p`
  padding-block: 12px;
  padding-inline: 20px;
  background: ${({ theme }) => theme.color.destructive};
  color: ${({ theme }) => theme.color.destructiveText};
  font-weight: 600;
`;

const RevealedBody = styled.div`
  display: grid;
  gap: 16px;
  padding: 24px;

  @media (max-width: ${({ theme }) => theme.breakpoint.narrow}) {
    padding: 16px;
  }
`;

const RevealedHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;

  h2 {
    font-size: 18px;
    font-weight: 650;
  }
`;

const NoteText = styled.pre`
  margin: 0;
  padding: 16px;
  max-block-size: 60vh;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.color.background};
  color: ${({ theme }) => theme.color.text};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: 14px;
  line-height: 1.6;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  text-align: start;
  unicode-bidi: plaintext;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
  }
`;

const ImagesTitle = styled.h3`
  font-size: 16px;
  font-weight: 650;
  color: ${({ theme }) => theme.color.text};
`;

const Images = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: 14px;
`;

const Figure = styled.figure`
  display: grid;
  gap: 8px;
  margin: 0;

  img {
    display: block;
    inline-size: 100%;
    max-block-size: 320px;
    object-fit: contain;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.color.background};
  }
`;

const DownloadLink = styled.a<{ $variant?: 'secondary' }>`
  ${buttonStyles}
`;

const Muted = styled.p`
  font-size: 14px;
`;

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { z } from 'zod';
import { missingCase } from '../../../../shared/errors.ts';
import {
  DEFAULT_NOTE_EXPIRATION,
  NOTE_EXPIRATIONS,
  NOTE_MAX_CHARS,
  NOTE_MAX_IMAGE_BYTES,
  NOTE_MAX_IMAGES,
} from '../../../../shared/limits.ts';
import type { NoteExpiration } from '../../../../shared/limits.ts';
import { assessSecurity } from '../../../../shared/security-score.ts';
import { usePublicConfigState } from '../../api/config.ts';
import { useCurrentLanguage } from '../../i18n/LanguageSwitcher.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { raisedCardStyles } from '../../ui/Card.tsx';
import { Field, FieldError, FieldHint, Input, Label, Select, Textarea } from '../../ui/Field.tsx';
import { EyeIcon, EyeOffIcon } from '../../ui/icons.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { createNote } from '../notes/createNote.ts';
import type { CreatedNote } from '../notes/createNote.ts';
import { ImageRejected, stripImageMetadata } from '../notes/images.ts';
import type { ImageProblem } from '../notes/images.ts';
import { apiErrorKey } from '../notes/noteErrors.ts';
import { ImageAttachments } from './ImageAttachments.tsx';
import type { Attachment } from './ImageAttachments.tsx';
import { SecurityPanel } from './SecurityPanel.tsx';

const emailSchema = z.email().max(254);
const MAX_MEGABYTES = NOTE_MAX_IMAGE_BYTES / (1024 * 1024);

let nextAttachmentId = 0;

interface FormErrors {
  content?: string;
  email?: string;
  images?: string;
}

export function CreateNoteForm({ onCreated }: { onCreated: (note: CreatedNote) => void }) {
  const { t, i18n } = useTranslation();
  const language = useCurrentLanguage();
  const { toast } = useToast();
  const config = usePublicConfigState();
  const emailAvailable = config.state === 'hasData' && config.data.emailAvailable;

  const [content, setContent] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [expiration, setExpiration] = useState<NoteExpiration>(DEFAULT_NOTE_EXPIRATION);
  const [emailOn, setEmailOn] = useState(false);
  const [email, setEmail] = useState('');
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [addingImages, setAddingImages] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});
  const [pending, setPending] = useState(false);
  const [progress, setProgress] = useState(0);

  const contentRef = useRef<HTMLTextAreaElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const ids = useId();

  // Thumbnails' object URLs die with the form.
  const attachmentsRef = useRef(attachments);
  useEffect(() => {
    attachmentsRef.current = attachments;
  }, [attachments]);
  useEffect(
    () => () => attachmentsRef.current.forEach((attachment) => URL.revokeObjectURL(attachment.url)),
    [],
  );

  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const tooLongMessage = t('home.validation.contentTooLong', {
    max: number.format(NOTE_MAX_CHARS),
  });
  const tooLong = content.length > NOTE_MAX_CHARS;
  const contentError = tooLong ? tooLongMessage : errors.content;
  const useEmail = emailOn && emailAvailable;

  const assessment = assessSecurity(
    {
      hasPassword: password.length > 0,
      expiration,
      hasEmailNotification: useEmail,
      hasAttachments: attachments.length > 0,
    },
    emailAvailable,
  );

  function imageProblemText(problem: ImageProblem, name: string): string {
    switch (problem) {
      case 'unsupportedType':
        return t('home.validation.imageUnsupported', { name });
      case 'tooLarge':
        return t('home.validation.imageTooLarge', { name, size: MAX_MEGABYTES });
      case 'unreadable':
        return t('home.validation.imageUnreadable', { name });
      default:
        return missingCase(problem);
    }
  }

  async function addImages(files: File[]) {
    setAddingImages(true);
    const problems: string[] = [];
    const added: Attachment[] = [];
    let room = NOTE_MAX_IMAGES - attachments.length;
    for (const file of files) {
      if (room <= 0) {
        problems.push(t('home.validation.tooManyImages', { max: NOTE_MAX_IMAGES }));
        break;
      }
      try {
        const clean = await stripImageMetadata(file);
        nextAttachmentId += 1;
        added.push({ id: nextAttachmentId, file: clean, url: URL.createObjectURL(clean) });
        room -= 1;
      } catch (error) {
        problems.push(
          imageProblemText(
            error instanceof ImageRejected ? error.problem : 'unreadable',
            file.name,
          ),
        );
      }
    }
    setAttachments((current) => [...current, ...added]);
    setErrors((current) => ({ ...current, images: problems.join(' ') || undefined }));
    setAddingImages(false);
  }

  function removeImage(id: number) {
    setAttachments((current) => {
      const removed = current.find((attachment) => attachment.id === id);
      if (removed) URL.revokeObjectURL(removed.url);
      return current.filter((attachment) => attachment.id !== id);
    });
    setErrors((current) => ({ ...current, images: undefined }));
  }

  function reset() {
    attachments.forEach((attachment) => URL.revokeObjectURL(attachment.url));
    setContent('');
    setPassword('');
    setShowPassword(false);
    setEmail('');
    setEmailOn(false);
    setExpiration(DEFAULT_NOTE_EXPIRATION);
    setAttachments([]);
    setErrors({});
    setProgress(0);
  }

  function validate(): FormErrors {
    const found: FormErrors = {};
    if (content.trim() === '') found.content = t('home.validation.contentRequired');
    else if (tooLong) found.content = tooLongMessage;
    if (useEmail && !emailSchema.safeParse(email.trim()).success) {
      found.email = t('home.validation.invalidEmail');
    }
    return found;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || addingImages) return;
    const found = validate();
    setErrors((current) => ({ ...current, content: found.content, email: found.email }));
    if (found.content) {
      if (content.trim() === '') {
        toast({
          title: t('home.validation.contentRequiredTitle'),
          description: t('home.validation.contentRequired'),
          variant: 'destructive',
        });
      }
      contentRef.current?.focus();
      return;
    }
    if (found.email) {
      emailRef.current?.focus();
      return;
    }

    setPending(true);
    setProgress(0);
    try {
      const created = await createNote(
        {
          content,
          password,
          expiration,
          receipt: useEmail ? { email: email.trim(), language: language.code } : null,
          images: attachments.map((attachment) => attachment.file),
        },
        setProgress,
      );
      toast({ title: t('home.toast.created'), description: t('home.toast.createdDescription') });
      reset();
      onCreated(created);
    } catch (error) {
      const key = apiErrorKey(error);
      if (key === 'errors.invalidEmail') setErrors((current) => ({ ...current, email: t(key) }));
      toast({ title: t('home.toast.createFailed'), description: t(key), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  const emailHintId = `${ids}-email-hint`;

  return (
    <Form onSubmit={submit} noValidate aria-labelledby={`${ids}-title`} aria-busy={pending}>
      <FormTitle id={`${ids}-title`}>{t('home.form.title')}</FormTitle>

      <div>
        <Field label={t('home.form.contentLabel')} error={contentError}>
          {(props) => (
            <Textarea
              {...props}
              ref={contentRef}
              name="content"
              dir="auto"
              rows={8}
              value={content}
              placeholder={t('home.form.contentPlaceholder')}
              disabled={pending}
              required
              onChange={(event) => {
                setContent(event.target.value);
                if (errors.content) setErrors((current) => ({ ...current, content: undefined }));
              }}
            />
          )}
        </Field>
        <Counter $over={tooLong} aria-live="polite" data-testid="content-counter">
          {t('home.form.counter', {
            used: number.format(content.length),
            max: number.format(NOTE_MAX_CHARS),
          })}
        </Counter>
      </div>

      <Columns>
        <Field label={t('home.form.passwordLabel')} hint={t('home.form.passwordHint')}>
          {(props) => (
            <PasswordBox>
              <Input
                {...props}
                name="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="new-password"
                value={password}
                placeholder={t('home.form.passwordPlaceholder')}
                disabled={pending}
                onChange={(event) => {
                  setPassword(event.target.value);
                  if (event.target.value === '') setShowPassword(false);
                }}
              />
              {password ? (
                <ToggleButton
                  aria-label={
                    showPassword ? t('home.form.hidePassword') : t('home.form.showPassword')
                  }
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword((shown) => !shown)}
                  disabled={pending}
                >
                  {showPassword ? <EyeOffIcon /> : <EyeIcon />}
                </ToggleButton>
              ) : null}
            </PasswordBox>
          )}
        </Field>

        <Field label={t('home.form.expirationLabel')} hint={t('home.form.expirationHint')}>
          {(props) => (
            <Select
              {...props}
              name="expiration"
              value={expiration}
              disabled={pending}
              onChange={(event) => setExpiration(event.target.value as NoteExpiration)}
            >
              {NOTE_EXPIRATIONS.map((option) => (
                <option key={option} value={option}>
                  {t(`home.form.expiration.${option}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </Columns>

      <div>
        <CheckRow>
          <Checkbox
            id={`${ids}-email-on`}
            type="checkbox"
            checked={useEmail}
            disabled={pending || !emailAvailable}
            aria-describedby={emailHintId}
            onChange={(event) => {
              setEmailOn(event.target.checked);
              if (!event.target.checked) setErrors((current) => ({ ...current, email: undefined }));
            }}
          />
          <CheckLabel htmlFor={`${ids}-email-on`}>{t('home.form.emailLabel')}</CheckLabel>
        </CheckRow>
        <FieldHint id={emailHintId}>
          {emailAvailable ? t('home.form.emailHint') : t('home.form.emailUnavailable')}
        </FieldHint>
        {useEmail ? (
          <EmailField>
            <Label htmlFor={`${ids}-email`}>{t('home.form.emailFieldLabel')}</Label>
            <Input
              ref={emailRef}
              id={`${ids}-email`}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              value={email}
              placeholder={t('home.form.emailPlaceholder')}
              disabled={pending}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? `${ids}-email-error` : undefined}
              onChange={(event) => {
                setEmail(event.target.value);
                if (errors.email) setErrors((current) => ({ ...current, email: undefined }));
              }}
            />
            {errors.email ? (
              <FieldError id={`${ids}-email-error`}>{errors.email}</FieldError>
            ) : null}
          </EmailField>
        ) : null}
      </div>

      <ImageAttachments
        attachments={attachments}
        max={NOTE_MAX_IMAGES}
        maxMegabytes={MAX_MEGABYTES}
        disabled={pending}
        busy={addingImages}
        error={errors.images}
        onAdd={(files) => void addImages(files)}
        onRemove={removeImage}
      />

      <SecurityPanel assessment={assessment} />

      <SubmitArea>
        {pending ? <ProgressBar value={progress} label={t('home.form.progressLabel')} /> : null}
        <Button type="submit" $size="large" $fullWidth disabled={pending || addingImages}>
          {pending ? t('home.form.submitting') : t('home.form.submit')}
        </Button>
        <Small>{t('home.form.encryptionNote')}</Small>
      </SubmitArea>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: 22px;
  padding: 28px;
  ${raisedCardStyles}

  @media (max-width: ${({ theme }) => theme.breakpoint.narrow}) {
    padding: 18px;
    gap: 18px;
  }
`;

const FormTitle = styled.h2`
  font-size: 22px;
  font-weight: 700;
`;

const Counter = styled.p<{ $over: boolean }>`
  margin-block-start: 6px;
  font-size: 13px;
  text-align: end;
  font-variant-numeric: tabular-nums;
  color: ${({ $over, theme }) => ($over ? theme.color.danger : theme.color.textSubtle)};
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 18px;

  @media (max-width: ${({ theme }) => theme.breakpoint.narrow}) {
    grid-template-columns: 1fr;
  }
`;

const PasswordBox = styled.div`
  position: relative;

  input {
    padding-inline-end: 48px;
  }
`;

const ToggleButton = styled(IconButton)`
  position: absolute;
  inset-block-start: 2px;
  inset-inline-end: 2px;
`;

const CheckRow = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
`;

const Checkbox = styled.input`
  inline-size: 18px;
  block-size: 18px;
  accent-color: ${({ theme }) => theme.color.primary};
  cursor: pointer;

  &:disabled {
    cursor: not-allowed;
  }
`;

const CheckLabel = styled.label`
  font-size: 15px;
  font-weight: 600;
  cursor: pointer;

  ${Checkbox}:disabled + & {
    color: ${({ theme }) => theme.color.textSubtle};
    cursor: not-allowed;
  }
`;

const EmailField = styled.div`
  margin-block-start: 12px;
`;

const SubmitArea = styled.div`
  display: grid;
  gap: 12px;
`;

const Small = styled.p`
  font-size: 13px;
  text-align: center;
  color: ${({ theme }) => theme.color.textSubtle};
`;

import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import styled from 'styled-components';
import type {
  NewsletterIssue,
  NewsletterIssueText,
} from '../../../../shared/api/newsletter-issues.ts';
import { FALLBACK_LANGUAGE, LANGUAGES, type LanguageCode } from '../../../../shared/languages.ts';
import type { AdminGate } from '../../app/admin/useAdminGate.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card, CardTitle } from '../../ui/Card.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Input, Label, Select, Textarea } from '../../ui/Field.tsx';
import { Row, Stack } from '../../ui/layout.ts';
import { MutedText } from '../../ui/text.ts';
import { fontSize, space } from '../../ui/tokens.ts';
import { ArticleBody } from './ArticleBody.tsx';
import { useNewsletterIssues } from './useNewsletterIssues.ts';
import { useId } from '../../ui/ids.tsx';

type Texts = Partial<Record<LanguageCode, NewsletterIssueText>>;

const EMPTY_TEXT: NewsletterIssueText = { subject: '', markdown: '' };

/** The languages with both a subject and a body: what a draft saves. */
const writtenTexts = (texts: Texts): Texts =>
  Object.fromEntries(
    Object.entries(texts).filter(
      ([, text]) => text.subject.trim() !== '' && text.markdown.trim() !== '',
    ),
  );

/**
 * The newsletter composer in the blog's admin area: a subject and a Markdown body per language
 * (English first: every other language falls back to it), a preview, a test mail to one
 * address, "send to all" after a confirmation, and the issues with their progress.
 */
export function NewsletterComposer({ gate }: { gate: AdminGate }) {
  const { t } = useTranslation();
  const newsletter = useNewsletterIssues(gate);
  const [issueId, setIssueId] = useState<string | null>(null);
  const [texts, setTexts] = useState<Texts>({});
  const [language, setLanguage] = useState<LanguageCode>(FALLBACK_LANGUAGE);
  const [testAddress, setTestAddress] = useState('');
  const [confirming, setConfirming] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const ids = { language: useId(), subject: useId(), body: useId(), test: useId() };

  const text = texts[language] ?? EMPTY_TEXT;
  const written = writtenTexts(texts);
  const englishWritten = written[FALLBACK_LANGUAGE] !== undefined;
  const current = newsletter.issues.find((issue) => issue.id === issueId);
  const editable = current === undefined || current.status === 'draft';
  const edit = (change: Partial<NewsletterIssueText>) =>
    setTexts({ ...texts, [language]: { ...text, ...change } });

  /** Saves the draft (new or changed) and hands back its id. */
  async function saved(): Promise<string | undefined> {
    const issue = await newsletter.save(issueId, { texts: written });
    if (issue) setIssueId(issue.id);
    return issue?.id;
  }

  /** A test of what is on screen: a draft is saved first, a sent issue goes as it was. */
  async function sendTest() {
    const id = editable ? await saved() : issueId;
    if (id) await newsletter.test(id, testAddress.trim(), language);
  }

  async function sendToAll() {
    setConfirming(false);
    const id = await saved();
    if (id) await newsletter.sendAll(id);
  }

  function open(issue: NewsletterIssue) {
    setIssueId(issue.id);
    setTexts(issue.texts);
    setLanguage(FALLBACK_LANGUAGE);
  }

  function startNew() {
    setIssueId(null);
    setTexts({});
    setLanguage(FALLBACK_LANGUAGE);
  }

  return (
    <Stack as={Card} $gap={4} aria-labelledby={ids.language + '-title'}>
      <CardTitle id={ids.language + '-title'}>{t('newsletterAdmin.title')}</CardTitle>
      <MutedText>{t('newsletterAdmin.intro')}</MutedText>

      <div>
        <Label htmlFor={ids.language}>{t('newsletterAdmin.language')}</Label>
        <Select
          id={ids.language}
          value={language}
          onChange={(event) => setLanguage(event.target.value as LanguageCode)}
        >
          {LANGUAGES.map(({ code, name }) => (
            <option key={code} value={code}>
              {written[code] ? `${name} ✓` : name}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor={ids.subject}>{t('newsletterAdmin.subject')}</Label>
        <Input
          id={ids.subject}
          value={text.subject}
          disabled={!editable}
          onChange={(event) => edit({ subject: event.target.value })}
        />
      </div>
      <div>
        <Label htmlFor={ids.body}>{t('newsletterAdmin.body')}</Label>
        <Textarea
          id={ids.body}
          rows={10}
          value={text.markdown}
          disabled={!editable}
          onChange={(event) => edit({ markdown: event.target.value })}
        />
      </div>
      {englishWritten ? null : <MutedText>{t('newsletterAdmin.englishFirst')}</MutedText>}

      <Row $gap={2}>
        <Button
          $variant="secondary"
          disabled={!editable || !englishWritten || newsletter.busy}
          onClick={() => void saved()}
        >
          {t('newsletterAdmin.save')}
        </Button>
        <Button
          $variant="secondary"
          disabled={text.subject.trim() === '' || text.markdown.trim() === '' || newsletter.busy}
          onClick={() => void newsletter.showPreview(text, language)}
        >
          {t('newsletterAdmin.preview')}
        </Button>
        <Button $variant="ghost" onClick={startNew}>
          {t('newsletterAdmin.new')}
        </Button>
      </Row>

      <Row $gap={2}>
        <div>
          <Label htmlFor={ids.test}>{t('newsletterAdmin.testAddress')}</Label>
          <Input
            id={ids.test}
            type="email"
            autoComplete="off"
            value={testAddress}
            onChange={(event) => setTestAddress(event.target.value)}
          />
        </div>
        <Button
          $variant="secondary"
          disabled={!englishWritten || testAddress.trim() === '' || newsletter.busy}
          onClick={() => void sendTest()}
        >
          {t('newsletterAdmin.sendTest')}
        </Button>
      </Row>

      <Row $gap={2}>
        <Button
          disabled={!editable || !englishWritten || newsletter.busy}
          onClick={() => setConfirming(true)}
        >
          {t('newsletterAdmin.sendAll')}
        </Button>
      </Row>

      <Stack $gap={2}>
        <IssuesTitle>{t('newsletterAdmin.issues')}</IssuesTitle>
        {newsletter.issues.length === 0 ? (
          <MutedText>{t('newsletterAdmin.noIssues')}</MutedText>
        ) : (
          <IssueList>
            {newsletter.issues.map((issue) => (
              <li key={issue.id}>
                <Row $gap={2}>
                  <strong>{(issue.texts.en ?? EMPTY_TEXT).subject}</strong>
                  <span>{t(`newsletterAdmin.status.${issue.status}`)}</span>
                  <span role="status">{t('newsletterAdmin.progress', issue.progress)}</span>
                  <Button $variant="ghost" onClick={() => open(issue)}>
                    {t('newsletterAdmin.openIssue')}
                  </Button>
                </Row>
              </li>
            ))}
          </IssueList>
        )}
      </Stack>

      <Dialog
        open={newsletter.preview !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) newsletter.closePreview();
        }}
        title={t('newsletterAdmin.previewTitle', { subject: newsletter.preview?.subject ?? '' })}
        placement="fullscreen"
      >
        {newsletter.preview ? (
          <Stack $gap={4}>
            <ArticleBody html={newsletter.preview.html} />
            <IssuesTitle>{t('newsletterAdmin.previewText')}</IssuesTitle>
            <PlainText>{newsletter.preview.text}</PlainText>
          </Stack>
        ) : null}
      </Dialog>

      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('newsletterAdmin.confirmTitle')}
        description={t('newsletterAdmin.confirmBody')}
        initialFocusRef={cancelRef}
      >
        <Row $gap={2} $justify="end">
          <Button ref={cancelRef} $variant="secondary" onClick={() => setConfirming(false)}>
            {t('newsletterAdmin.cancel')}
          </Button>
          <Button onClick={() => void sendToAll()}>{t('newsletterAdmin.confirmSend')}</Button>
        </Row>
      </Dialog>
    </Stack>
  );
}

const IssuesTitle = styled.h3`
  font-size: ${fontSize.lg};
`;

const IssueList = styled.ul`
  display: grid;
  gap: ${space[2]};
  padding: 0;
  list-style: none;
`;

const PlainText = styled.pre`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

import { useTranslation } from '../../i18n/useTranslation.ts';
import styled, { css } from 'styled-components';
import { apiPaths } from '../../../../shared/api/paths.ts';
import { apiUrl } from '../../api/client.ts';
import { routePaths } from '../../app/paths.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { buttonStyles, type ButtonVariant } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Row, Stack } from '../../ui/layout.ts';
import { Page } from '../../ui/Page.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { fontSize, space } from '../../ui/tokens.ts';
import { parseInline } from './apiReference.ts';
import type { ApiReference, ProseBlock, ReferenceOperation } from './apiReference.ts';
import { useApiReference } from './useApiReference.ts';

/**
 * `/developers`: the public API's reference, rendered here from the OpenAPI document the server
 * serves at /api/openapi.json (generated from shared/ schemas, so it cannot drift from the
 * server), with no third-party viewer script or font. Not at `/api`, which is the API's own
 * prefix: the server answers everything under it with JSON. The page's chrome is translated;
 * the reference itself is English, marked `lang="en"` so screen readers read it as English.
 */
export function ApiReferencePage() {
  const { t } = useTranslation('pages');
  usePageMeta({
    title: t('developers.title'),
    description: t('developers.intro'),
    keywords: t('developers.keywords'),
    canonical: routePaths.developers,
  });
  const { t: tApp } = useTranslation();
  const state = useApiReference();

  return (
    <Page title={t('developers.title')} intro={t('developers.intro')}>
      <Stack $gap={8}>
        <Card as="section" aria-label={t('developers.aboutLabel')}>
          <Stack $gap={4}>
            <Muted>{t('developers.englishOnly')}</Muted>
            <Muted>{t('developers.cli')}</Muted>
            <Row $gap={3}>
              <Download
                $variant="secondary"
                href={apiUrl(apiPaths.openapi)}
                download="ashnote-openapi.json"
              >
                {t('developers.download')}
              </Download>
            </Row>
          </Stack>
        </Card>
        {state.kind === 'ready' ? (
          <Reference reference={state.reference} />
        ) : (
          <Row $gap={3} role="status">
            {state.kind === 'loading' ? (
              <>
                <Spinner />
                {tApp('common.loading')}
              </>
            ) : (
              tApp(state.offline ? 'errors.network' : 'errors.server')
            )}
          </Row>
        )}
      </Stack>
    </Page>
  );
}

/** The document itself, in English. */
function Reference({ reference }: { reference: ApiReference }) {
  const { t } = useTranslation('pages');
  return (
    <>
      <nav aria-labelledby="reference-contents">
        <SectionTitle id="reference-contents">{t('developers.contents')}</SectionTitle>
        <Contents lang="en" dir="ltr">
          <li>
            <a href="#protocol">Protocol notes</a>
          </li>
          {reference.sections.map((section) => (
            <li key={section.tag}>
              <a href={`#api-${section.tag}`}>{titleOf(section.tag)}</a>
            </li>
          ))}
          {reference.websocket ? (
            <li>
              <a href="#websocket-frames">WebSocket frames</a>
            </li>
          ) : null}
          <li>
            <a href="#schemas">Shared schemas</a>
          </li>
        </Contents>
      </nav>

      <Body lang="en" dir="ltr">
        <section id="protocol" aria-label="Protocol notes">
          <Stack $gap={3}>
            <Muted>
              {reference.title} {reference.version}: {reference.summary}
            </Muted>
            {reference.notes.map((block, index) => (
              <Prose key={index} block={block} />
            ))}
          </Stack>
        </section>

        {reference.sections.map((section) => (
          <section key={section.tag} aria-labelledby={`api-${section.tag}`}>
            <Stack $gap={4}>
              <SectionTitle id={`api-${section.tag}`}>{titleOf(section.tag)}</SectionTitle>
              <Muted>{section.description}</Muted>
              {section.operations.map((operation) => (
                <Operation key={operation.id} operation={operation} />
              ))}
            </Stack>
          </section>
        ))}

        {reference.websocket ? (
          <section aria-labelledby="websocket-frames">
            <Stack $gap={4}>
              <SectionTitle id="websocket-frames">WebSocket frames</SectionTitle>
              <Muted>
                <Code>{reference.websocket.path}</Code>
              </Muted>
              <SchemaBlock label="Client to server" schema={reference.websocket.clientFrames} />
              <SchemaBlock label="Server to client" schema={reference.websocket.serverFrames} />
            </Stack>
          </section>
        ) : null}

        <section aria-labelledby="schemas">
          <Stack $gap={4}>
            <SectionTitle id="schemas">Shared schemas</SectionTitle>
            {reference.schemas.map(({ name, schema }) => (
              <div key={name} id={`schema-${name}`}>
                <SchemaBlock label={name} schema={schema} />
              </div>
            ))}
          </Stack>
        </section>
      </Body>
    </>
  );
}

const titleOf = (tag: string) => `${tag.charAt(0).toUpperCase()}${tag.slice(1)}`;

function Inline({ text }: { text: string }) {
  return parseInline(text).map((part, index) => {
    switch (part.kind) {
      case 'code':
        return <Code key={index}>{part.text}</Code>;
      case 'strong':
        return <strong key={index}>{part.text}</strong>;
      default:
        return part.text;
    }
  });
}

function Prose({ block }: { block: ProseBlock }) {
  switch (block.kind) {
    case 'heading':
      return (
        <SubTitle as="h2">
          <Inline text={block.text} />
        </SubTitle>
      );
    case 'paragraph':
      return (
        <p>
          <Inline text={block.text} />
        </p>
      );
    case 'list':
      return (
        <List>
          {block.items.map((item, index) => (
            <li key={index}>
              <Inline text={item} />
            </li>
          ))}
        </List>
      );
  }
}

function Operation({ operation }: { operation: ReferenceOperation }) {
  const { t } = useTranslation('pages');
  return (
    <OperationCard as="article" aria-labelledby={`op-${operation.id}`}>
      <Stack $gap={3}>
        <SubTitle id={`op-${operation.id}`}>
          <Method data-method={operation.method}>{operation.method}</Method>{' '}
          <Code>{operation.path}</Code>
        </SubTitle>
        <p>
          <Inline text={operation.summary} />
        </p>
        {operation.description ? (
          <Muted>
            <Inline text={operation.description} />
          </Muted>
        ) : null}
        {operation.parameters.length > 0 ? (
          <div>
            <Label>{t('developers.parameters')}</Label>
            <List>
              {operation.parameters.map((parameter) => (
                <li key={`${parameter.location}-${parameter.name}`}>
                  <Code>{parameter.name}</Code> ({parameter.location}
                  {parameter.required ? `, ${t('developers.required')}` : ''})
                  {parameter.description ? (
                    <>
                      : <Inline text={parameter.description} />
                    </>
                  ) : null}
                </li>
              ))}
            </List>
          </div>
        ) : null}
        {operation.requestBody ? (
          <SchemaBlock
            label={`${t('developers.requestBody')} (${operation.requestBody.contentType})`}
            schema={operation.requestBody.schema}
          />
        ) : null}
        <div>
          <Label>{t('developers.responses')}</Label>
          <List>
            {operation.responses.map((response) => (
              <li key={response.status}>
                <strong>{response.status}</strong> <Inline text={response.description} />
                {response.component ? (
                  <>
                    {' '}
                    (<a href={`#schema-${response.component}`}>{response.component}</a>)
                  </>
                ) : null}
                {response.schema ? (
                  <SchemaBlock label={t('developers.schema')} schema={response.schema} />
                ) : null}
              </li>
            ))}
          </List>
        </div>
      </Stack>
    </OperationCard>
  );
}

/** A JSON Schema, folded: the summaries stay scannable, and nothing scrolls sideways. */
function SchemaBlock({ label, schema }: { label: string; schema: string }) {
  return (
    <Folded>
      <summary>{label}</summary>
      <Pre>
        <code>{schema}</code>
      </Pre>
    </Folded>
  );
}

const Body = styled.div`
  display: grid;
  gap: ${space[10]};
  min-inline-size: 0;
`;

const SectionTitle = styled.h2`
  font-size: ${fontSize['3xl']};
  font-weight: 700;
  scroll-margin-block-start: calc(${({ theme }) => theme.layout.navHeight} + ${space[4]});
`;

const SubTitle = styled.h3`
  font-size: ${fontSize.lg};
  font-weight: 650;
  overflow-wrap: anywhere;
  scroll-margin-block-start: calc(${({ theme }) => theme.layout.navHeight} + ${space[4]});
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;

const Label = styled.p`
  font-weight: 600;
  margin-block-end: ${space[1]};
`;

const listStyles = css`
  display: grid;
  gap: ${space[1.5]};
  margin: 0;
  padding-inline-start: ${space[6]};
`;

const List = styled.ul`
  ${listStyles}
`;

const Contents = styled.ul`
  ${listStyles}
  margin-block-start: ${space[3]};
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
`;

const OperationCard = styled(Card)`
  padding: ${space[5]};
  overflow-wrap: anywhere;
`;

const Code = styled.code`
  font-family: ${({ theme }) => theme.font.mono};
  font-size: 0.9em;
`;

const Method = styled.span`
  display: inline-block;
  min-inline-size: 4.5em;
  padding-block: ${space[0.5]};
  padding-inline: ${space[2]};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.primary};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${fontSize.md};
  text-align: center;
`;

const Folded = styled.details`
  margin-block-start: ${space[2]};

  summary {
    cursor: pointer;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

/** Wrapped rather than scrolled: a scrolling region would need its own keyboard focus. */
const Pre = styled.pre`
  margin-block-start: ${space[2]};
  padding: ${space[3]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.color.background};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${fontSize.sm};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Download = styled.a<{ $variant?: ButtonVariant }>`
  ${buttonStyles}
`;

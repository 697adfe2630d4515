import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { routePaths } from '../../app/paths.ts';
import { withPagesNamespace } from '../../i18n/index.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Stack } from '../../ui/layout.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { VisuallyHidden } from '../../ui/VisuallyHidden.tsx';
import { space } from '../../ui/tokens.ts';

/**
 * The four documents the home page offers in dialogs (spec §2). Each dialog shows the very
 * component its page shows (one source, one date); the code and texts load when first opened.
 */
const DOCUMENTS = {
  features: {
    path: routePaths.features,
    Content: lazy(async () => ({
      default: (await withPagesNamespace(import('./FeaturesDocument.tsx'))).FeaturesDocument,
    })),
  },
  security: {
    path: routePaths.security,
    Content: lazy(async () => ({
      default: (await withPagesNamespace(import('./SecurityDocument.tsx'))).SecurityDocument,
    })),
  },
  privacy: {
    path: routePaths.privacy,
    Content: lazy(async () => ({
      default: (await withPagesNamespace(import('./PrivacyDocument.tsx'))).PrivacyDocument,
    })),
  },
  terms: {
    path: routePaths.terms,
    Content: lazy(async () => ({
      default: (await withPagesNamespace(import('./TermsDocument.tsx'))).TermsDocument,
    })),
  },
} as const;

export type DocumentName = keyof typeof DOCUMENTS;
export const DOCUMENT_NAMES = Object.keys(DOCUMENTS) as DocumentName[];

/** The body of one document's dialog: the document itself, and a way to its own page. */
export function DocumentDialogBody({ name }: { name: DocumentName }) {
  const { t } = useTranslation();
  const { path, Content } = DOCUMENTS[name];
  return (
    <Stack $gap={6}>
      <Suspense
        fallback={
          <Loading role="status">
            <Spinner $size={28} />
            <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
          </Loading>
        }
      >
        <Content headingLevel={3} />
      </Suspense>
      <div>
        <ButtonLink to={path} $variant="secondary">
          {t('documents.openPage')}
        </ButtonLink>
      </div>
    </Stack>
  );
}

const Loading = styled.div`
  display: flex;
  justify-content: center;
  padding-block: ${space[12]};
`;

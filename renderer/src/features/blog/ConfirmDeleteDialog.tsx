import { useRef } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { BlogPostSummary } from '../../../../shared/api/blog.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Row } from '../../ui/layout.ts';

interface ConfirmDeleteDialogProps {
  /** The post about to be deleted; null: the dialog is closed. */
  post: BlogPostSummary | null;
  onCancel: () => void;
  onConfirm: (post: BlogPostSummary) => void;
}

/** Deleting removes an article for every reader and cannot be undone: ask first. */
export function ConfirmDeleteDialog({ post, onCancel, onConfirm }: ConfirmDeleteDialogProps) {
  const { t } = useTranslation('pages');
  const cancelRef = useRef<HTMLButtonElement>(null);

  return (
    <Dialog
      open={post !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={t('blog.admin.confirmTitle')}
      description={post ? t('blog.admin.confirmBody', { title: post.title }) : undefined}
      initialFocusRef={cancelRef}
    >
      <Row $gap={2} $justify="end">
        <Button ref={cancelRef} $variant="secondary" onClick={onCancel}>
          {t('blog.admin.cancel')}
        </Button>
        <Button $variant="destructive" onClick={() => post && onConfirm(post)}>
          {t('blog.admin.confirmDelete')}
        </Button>
      </Row>
    </Dialog>
  );
}

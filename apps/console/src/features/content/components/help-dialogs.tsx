import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { ConsoleHelpArticle } from '@sorte/shared/contracts/console-content';
import { useTranslation } from 'react-i18next';
import { type HelpCentreParams, useRemoveHelpArticle, useSaveHelpArticle } from '../api/help-articles';
import { ConfirmRemoveModal } from './confirm-remove-modal';
import { HelpArticleForm, type HelpCategory } from './help-article-form';

/** A new help article (article null) or the change of one; says so once published. */
export function HelpArticleFormModal({
  opened,
  centre,
  article,
  categories,
  onClose,
}: {
  opened: boolean;
  centre: HelpCentreParams;
  article: ConsoleHelpArticle | null;
  categories: HelpCategory[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const save = useSaveHelpArticle();
  const close = () => {
    save.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        article
          ? t('siteContent.help.editTitle', { title: article.title })
          : t('siteContent.help.createTitle')
      }
      size="xl"
      fullScreen={isPhone}
      closeOnClickOutside={false}
    >
      {opened ? (
        <HelpArticleForm
          key={article?.id ?? 'new'}
          centre={centre}
          article={article ?? undefined}
          categories={categories}
          isSubmitting={save.isPending}
          error={save.error}
          onSubmit={(draft) =>
            save.mutate(
              { id: article?.id ?? null, centre, draft },
              {
                onSuccess: (saved) => {
                  notifications.show({
                    color: 'green',
                    message: t('siteContent.published', { title: saved.title }),
                  });
                  close();
                },
              },
            )
          }
          onCancel={close}
        />
      ) : null}
    </Modal>
  );
}

/** Removing asks first: the site's help centre drops it at once. */
export function RemoveHelpArticleModal({
  article,
  onClose,
}: {
  article: ConsoleHelpArticle | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = article?.title ?? '';
  return (
    <ConfirmRemoveModal
      target={article}
      remove={useRemoveHelpArticle()}
      title={t('siteContent.removeTitle', { title })}
      text={t('siteContent.help.removeText')}
      confirmLabel={t('siteContent.remove')}
      removedMessage={t('siteContent.removed', { title })}
      onClose={onClose}
    />
  );
}

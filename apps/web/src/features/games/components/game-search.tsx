import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import styles from './game-search.module.css';

const loadDialog = () => import('./game-search-dialog');
const GameSearchDialog = lazy(loadDialog);

/**
 * The lobby's search over every game of every category (issue 14: the category pages only search
 * their own category). On the first screen it is only this button; the dialog with the field and
 * the results is a chunk of its own, fetched when a finger or the pointer comes near, so the lobby's
 * first render carries none of it.
 */
export function GameSearch() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const prefetch = () => void loadDialog();
  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setHasOpened(true);
          setOpen(true);
        }}
      >
        <Icon name="search" size={20} />
        <span>{t('search.open')}</span>
      </button>
      {hasOpened && (
        <Suspense fallback={null}>
          <GameSearchDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

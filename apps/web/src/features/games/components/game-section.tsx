import type { GameCard } from '@sorte/shared';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GameTypeIcon } from '../../../components/ui/icon';
import { GameGrid } from './game-grid';
import styles from './game-section.module.css';

type Props = {
  type: string;
  title: string;
  cards: GameCard[];
  /** Where 'more games' goes: the category page. */
  morePath?: string;
};

/** A home lane: the category's title, its first games and a link to all of them. */
export function GameSection({ type, title, cards, morePath }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id} data-section={type}>
      <SectionHeader id={id} type={type} title={title}>
        {morePath && (
          <Link to={morePath} className={styles.more}>
            {t('games.moreGames')}
            <span className="visually-hidden"> ({title})</span>
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
              <path
                d="M9 5l7 7-7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.6"
                strokeLinecap="round"
              />
            </svg>
          </Link>
        )}
      </SectionHeader>
      <GameGrid cards={cards} />
    </section>
  );
}

export function SectionHeader({
  id,
  type,
  title,
  children,
  flush = false,
}: {
  id?: string;
  /** Inside a carousel's header bar: no space below, the bar spaces it. */
  flush?: boolean;
  type: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className={[styles.header, flush && styles.flush].filter(Boolean).join(' ')}>
      <h2 id={id} className={styles.title}>
        <span className={[styles.icon, styles[`icon${type}`]].filter(Boolean).join(' ')}>
          <GameTypeIcon type={type} size={18} />
        </span>
        {title}
      </h2>
      {children}
    </div>
  );
}

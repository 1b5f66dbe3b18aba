import { createContext, type ReactNode, useContext } from 'react';
import styles from './game-layout.module.css';

/** The frame's history and fairness tabs, placed by the layout below the game. */
export const FrameInfoContext = createContext<ReactNode>(null);

/**
 * One layout for every game. Phone: the board first, the bet controls under it within thumb reach,
 * then the side list and the tabs. Desktop: controls in a left column beside a large board.
 */
export function GameLayout({
  stage,
  controls,
  side,
  label,
}: {
  stage: ReactNode;
  controls: ReactNode;
  side?: ReactNode;
  /** Names the board region for screen readers ("Crash board"). */
  label: string;
}) {
  const info = useContext(FrameInfoContext);
  return (
    <div className={styles.layout}>
      <section className={styles.stage} aria-label={label}>
        {stage}
      </section>
      <section className={styles.controls}>{controls}</section>
      {side ? <section className={styles.side}>{side}</section> : null}
      <div className={styles.info}>{info}</div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Icon } from '../components/ui/icon';
import styles from './lottery-page.module.css';

const titles: Record<string, string> = {
  '/lottery': 'lottery.title',
  '/sealottery': 'lottery.seaTitle',
  '/vnlottery': 'lottery.vnTitle',
};

/**
 * /lottery, /seaLottery and /vnLottery for a signed-in member. The lottery vendors (TCG_SEA,
 * TCG_LOTTO_VN, LOTT, ELOTT) are not connected yet: the page says so, names the game code asked for,
 * and offers the way back.
 */
export default function LotteryPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const gameCode = params.get('gameCode');
  const title = titles[pathname.toLowerCase()] ?? 'lottery.title';
  return (
    <section className={styles.page} aria-labelledby="lottery-title">
      <span className={styles.badge} aria-hidden="true">
        <Icon name="LOTT" size={40} />
      </span>
      <h1 id="lottery-title" className={styles.title}>
        {t(title)}
      </h1>
      <p className={styles.soon}>{t('lottery.comingSoon')}</p>
      <p className={styles.text}>{t('lottery.body')}</p>
      {gameCode && (
        <p className={styles.code}>
          {t('lottery.gameCode')}: <strong>{gameCode}</strong>
        </p>
      )}
      <Link to="/" className={styles.cta}>
        {t('notFound.backHome')}
      </Link>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { MemberPageHeader } from '../../features/member/components/member-shell';
import { memberCentrePaths } from '../../features/member/member-menu';
import { WithdrawalDetail } from '../../features/withdraw/components/withdrawal-detail';
import styles from './member-pages.module.css';

/** /member/withdrawals/:withdrawalId: the withdrawal and, once paid, its receipt confirmation. */
export default function WithdrawalPage() {
  const { t } = useTranslation();
  const { withdrawalId = '' } = useParams();
  return (
    <>
      <MemberPageHeader
        title={t('member.withdraw.detailPage')}
        actions={
          <Link to={memberCentrePaths.withdraw} className={styles.textLink}>
            {t('member.withdraw.all')}
          </Link>
        }
      />
      <WithdrawalDetail key={withdrawalId} withdrawalId={withdrawalId} />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { MemberPageHeader } from '../../features/member/components/member-shell';
import { BettingRecord } from '../../features/records/components/betting-record';
import { BonusDetails } from '../../features/records/components/bonus-details';
import { PersonalProfitReport } from '../../features/records/components/personal-profit';
import { TransactionHistory } from '../../features/records/components/transaction-history';
import { useMerchantTimeZone } from './member-context';

/** transactionHistory: the account record. */
export function TransactionHistoryPage() {
  const { t } = useTranslation();
  return (
    <>
      <MemberPageHeader title={t('member.menu.accountRecord')} lead={t('member.records.lead')} />
      <TransactionHistory timeZone={useMerchantTimeZone()} />
    </>
  );
}

/** personalProfit: profit and loss by day and game type. */
export function PersonalProfitPage() {
  const { t } = useTranslation();
  return (
    <>
      <MemberPageHeader title={t('member.menu.profitLoss')} lead={t('member.profit.lead')} />
      <PersonalProfitReport timeZone={useMerchantTimeZone()} />
    </>
  );
}

/** personalHistoryCopy: the betting record. */
export function BettingRecordPage() {
  const { t } = useTranslation();
  return (
    <>
      <MemberPageHeader title={t('member.menu.bettingRecord')} lead={t('member.betting.lead')} />
      <BettingRecord timeZone={useMerchantTimeZone()} />
    </>
  );
}

/** Bonus details. */
export function BonusPage() {
  const { t } = useTranslation();
  return (
    <>
      <MemberPageHeader title={t('member.menu.bonus')} lead={t('member.bonus.lead')} />
      <BonusDetails timeZone={useMerchantTimeZone()} />
    </>
  );
}

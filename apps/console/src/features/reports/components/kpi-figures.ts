import type { DashboardMerchant, DayFigures } from '@sorte/shared/contracts/console-reports';
import type { TFunction } from 'i18next';
import { formatCount, formatMinor } from '../../../lib/format';
import type { KpiFigure } from './kpi-card';

/** The dashboard's cards for one merchant and currency: each figure of the contract, today against yesterday. */
export function kpiFigures(merchant: DashboardMerchant, t: TFunction, language: string): KpiFigure[] {
  const money = (minor: number) => formatMinor(minor, merchant.currency, language);
  const count = (n: number) => formatCount(n, language);
  const { today, yesterday } = merchant;
  const countFigure = (label: string, key: keyof DayFigures & string): KpiFigure => ({
    label,
    today: count(today[key] as number),
    yesterday: count(yesterday[key] as number),
    change: { today: today[key] as number, yesterday: yesterday[key] as number },
  });
  const moneyFigure = (label: string, key: keyof DayFigures & string): KpiFigure => ({
    label,
    today: money(today[key] as number),
    yesterday: money(yesterday[key] as number),
    change: { today: today[key] as number, yesterday: yesterday[key] as number },
  });

  return [
    countFigure(t('dashboard.kpi.registrations'), 'registrations'),
    countFigure(t('dashboard.kpi.firstDeposits'), 'firstDeposits'),
    {
      ...moneyFigure(t('dashboard.kpi.deposits'), 'depositAmount'),
      todayDetail: t('dashboard.depositCount', { count: today.depositCount, n: count(today.depositCount) }),
      yesterday: `${money(yesterday.depositAmount)} · ${t('dashboard.depositCount', { count: yesterday.depositCount, n: count(yesterday.depositCount) })}`,
    },
    {
      ...moneyFigure(t('dashboard.kpi.withdrawals'), 'withdrawalAmount'),
      todayDetail: t('dashboard.withdrawalCount', {
        count: today.withdrawalCount,
        n: count(today.withdrawalCount),
      }),
      yesterday: `${money(yesterday.withdrawalAmount)} · ${t('dashboard.withdrawalCount', { count: yesterday.withdrawalCount, n: count(yesterday.withdrawalCount) })}`,
      isLowerBetter: true,
    },
    {
      ...countFigure(t('dashboard.kpi.bets'), 'betCount'),
      todayDetail: t('dashboard.stakes', { amount: money(today.stakeAmount) }),
    },
    moneyFigure(t('dashboard.kpi.ggr'), 'ggr'),
    moneyFigure(t('dashboard.kpi.ngr'), 'ngr'),
    countFigure(t('dashboard.kpi.activePlayers'), 'activePlayers'),
    {
      label: t('dashboard.kpi.pendingWithdrawals'),
      today: count(merchant.pendingWithdrawals.count),
      todayDetail: money(merchant.pendingWithdrawals.amount),
      note: t('dashboard.pendingNow'),
    },
  ];
}

import { Skeleton, Stack, Text } from '@mantine/core';
import type { WithdrawalRisk } from '@sorte/shared/contracts/payments';
import { useTranslation } from 'react-i18next';
import { type Fact, Facts } from '../../../components/facts';
import { ListError } from '../../../components/list-states';
import { errorMessage } from '../../../lib/api';
import { formatCount, formatDateTime, formatMinor } from '../../../lib/format';
import { intlLocale } from '../../../lib/i18n';
import { useWithdrawalRisk } from '../api/withdrawals';
import { RiskAlertBadges } from './risk-alert-badges';

/** The player's risk facts beside a withdrawal, read on their own (the drawer shows the rest first). */
export function RiskFacts({ withdrawalId }: { withdrawalId: string }) {
  const { t } = useTranslation();
  const risk = useWithdrawalRisk(withdrawalId);
  return (
    <Stack gap="xs" component="section" aria-label={t('withdrawals.risk.title')}>
      <Text fw={600}>{t('withdrawals.risk.title')}</Text>
      {risk.isPending ? (
        <Stack gap="xs" role="status" aria-label={t('common.loading')}>
          <Skeleton height={20} />
          <Skeleton height={20} />
          <Skeleton height={20} />
        </Stack>
      ) : risk.isError ? (
        <ListError
          title={t('withdrawals.risk.loadFailed')}
          message={errorMessage(risk.error)}
          onRetry={() => void risk.refetch()}
        />
      ) : (
        <RiskFactList risk={risk.data} />
      )}
    </Stack>
  );
}

function RiskFactList({ risk }: { risk: WithdrawalRisk }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const money = (minor: number) => formatMinor(minor, risk.currency, lang);
  const facts: Fact[] = [
    {
      label: t('withdrawals.risk.deposits'),
      value: t('withdrawals.risk.depositSum', {
        total: money(risk.deposits.total),
        count: risk.deposits.count,
        n: formatCount(risk.deposits.count, lang),
      }),
    },
    {
      label: t('withdrawals.risk.withdrawals'),
      value: t('withdrawals.risk.withdrawalSum', {
        total: money(risk.withdrawals.total),
        count: risk.withdrawals.count,
        n: formatCount(risk.withdrawals.count, lang),
      }),
    },
    {
      label: t('withdrawals.risk.ratio'),
      value:
        risk.withdrawRatio === null
          ? t('withdrawals.risk.noDeposits')
          : t('withdrawals.risk.ratioValue', {
              ratio: new Intl.NumberFormat(intlLocale(lang), {
                minimumFractionDigits: 2,
                maximumFractionDigits: 2,
              }).format(risk.withdrawRatio),
            }),
    },
    {
      label: t('withdrawals.risk.lastDeposit'),
      value: risk.lastDeposit
        ? `${money(risk.lastDeposit.amount)} · ${formatDateTime(risk.lastDeposit.at, lang)}`
        : t('common.none'),
    },
    {
      label: t('withdrawals.risk.turnover'),
      value: risk.lastDeposit
        ? t('withdrawals.risk.turnoverOf', {
            turnover: money(risk.turnoverSinceLastDeposit),
            deposit: money(risk.lastDeposit.amount),
          })
        : money(risk.turnoverSinceLastDeposit),
    },
    {
      label: t('withdrawals.risk.sharedPayee'),
      value:
        risk.sharedPayee.players === 0
          ? t('withdrawals.risk.nobody')
          : t('withdrawals.risk.sharedPayeeValue', {
              count: risk.sharedPayee.players,
              n: formatCount(risk.sharedPayee.players, lang),
              usernames: risk.sharedPayee.usernames.join(', '),
            }),
    },
    {
      label: t('withdrawals.risk.sharedIp'),
      value:
        risk.sharedIp.players === 0
          ? t('withdrawals.risk.nobody')
          : t('withdrawals.risk.sharedIpValue', {
              count: risk.sharedIp.players,
              n: formatCount(risk.sharedIp.players, lang),
              addresses: formatCount(risk.sharedIp.addresses, lang),
            }),
    },
  ];
  return (
    <>
      <RiskAlertBadges alerts={risk.alerts} />
      <Facts facts={facts} />
    </>
  );
}
